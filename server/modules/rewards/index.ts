import type { ClubModule } from '../club-module';
import { seedRewardCatalogue } from './catalogue';
import { rewardsResolvers } from './resolvers';

export const rewardsModule: ClubModule = {
  name: 'rewards',
  resolvers: rewardsResolvers,
  seedReference: seedRewardCatalogue,
};
