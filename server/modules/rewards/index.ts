import type { ClubModule } from '../club-module';
import { seedRewardCatalogue } from './catalogue';
import { rewardsResolvers } from './resolvers';

export {
  auditOf,
  cancelOrderByClub,
  deliverOrder,
  importRewards,
  listOrdersForOperator,
  listRewardsForOperator,
  parseStatus,
  RewardOperatorError,
  separateOrder,
  setRewardStock,
  shipOrder,
  STATUS_LABELS,
} from './operator';
export { RewardSourceError } from './source';

export const rewardsModule: ClubModule = {
  name: 'rewards',
  resolvers: rewardsResolvers,
  seedReference: seedRewardCatalogue,
};
