import type { ClubModule } from '../club-module';
import { storesResolvers } from './resolvers';
import { seedStores } from './seed';
import { storesStaffResolvers } from './staff-resolvers';

export {
  addStore,
  reportPeriod,
  requireStore,
  setActive,
  STORE_OPERATOR_MESSAGES,
  storeSignUpsPerDay,
  storesList,
  storesReport,
} from './actions';
export { findStoreBySlug } from './repository';
export { SEED_STORES } from './seed';
export { requireActiveStoreSlug, storeView } from './service';
export type { StoreView } from './service';

export const storesModule: ClubModule = {
  name: 'stores',
  resolvers: storesResolvers,
  staffResolvers: storesStaffResolvers,
  seedReference: seedStores,
};
