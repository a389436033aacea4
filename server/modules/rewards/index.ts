import type { ClubModule } from '../club-module';
import { seedRewardCatalogue } from './catalogue';
import { rewardsResolvers } from './resolvers';
import { rewardsStaffResolvers } from './staff-resolvers';
import { forgetMemberOrders } from './repository';
import { rewardOrdersCsvRoute } from './staff-orders-csv';

export {
  cancelOrderByClub,
  DEFAULT_CODE_VALIDITY_DAYS,
  deliverOrder,
  generateCodes,
  loadCodes,
  parseCodesCsv,
  releaseOrder,
  importRewards,
  listOrdersForOperator,
  listRewardsForOperator,
  parseStatus,
  type RewardActor,
  separateOrder,
  setRewardStock,
  shipOrder,
  correctTracking,
  STATUS_LABELS,
} from './actions';
export { countOwnOrders, ownOrders, rewardsByIds } from './repository';
export { readRewardFolder, RewardSourceError } from './source';
export { notifyOrderMember } from './notify';
export { demoRewardEvents, seedDemoRewardCodes } from './demo';

export const rewardsModule: ClubModule = {
  name: 'rewards',
  resolvers: rewardsResolvers,
  staffResolvers: rewardsStaffResolvers,
  routes: rewardOrdersCsvRoute,
  seedReference: seedRewardCatalogue,
  removeMember: forgetMemberOrders,
};
