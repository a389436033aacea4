import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { closestReward, orderIdOfEntry, redemptionPreview } from './preview';
import { cancelRewardOrder, getReward, listRewards, myRewardOrders, redeemReward } from './service';

export const rewardsResolvers: Resolvers = {
  Query: {
    rewards: (_root, args, ctx) => listRewards(ctx, args),
    reward: (_root, args, ctx) => getReward(ctx, args.slug),
    myRewardOrders: (_root, args, ctx) => myRewardOrders(ctx, args),
    redemptionPreview: (_root, args, ctx) => redemptionPreview(ctx, args.slug),
    closestReward: (_root, _args, ctx) => closestReward(ctx),
  },
  PointsEntry: {
    orderId: (entry, _args, ctx) => orderIdOfEntry(ctx, entry),
  },
  Mutation: {
    redeemReward: (_root, args, ctx) => redeemReward(ctx, args.input),
    cancelRewardOrder: (_root, args, ctx) => cancelRewardOrder(ctx, args.id),
  },
};
