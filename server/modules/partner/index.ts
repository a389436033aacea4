import type { ClubModule } from '../club-module';
import { partnerHttp } from './http';
import { partnerTransfersJob } from './jobs';
import { partnerResolvers } from './resolvers';
import { partnerStaffResolvers } from './staff-resolvers';

export {
  confirmTransfer,
  listTransfersForOperator,
  parseTransferStatus,
  refuseTransfer,
  TRANSFER_STATUS_LABELS,
} from './actions';
export { settleWaitingTransfers } from './jobs';

export const partnerModule: ClubModule = {
  name: 'partner',
  resolvers: partnerResolvers,
  staffResolvers: partnerStaffResolvers,
  routes: partnerHttp,
  jobs: ({ db, config }) => [partnerTransfersJob(db, config)],
};
