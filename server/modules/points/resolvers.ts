import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { nowOf } from '../service-deps';
import { howToEarn } from './how-to-earn';
import { currentBalance, pointsEntries, pointsSummary } from './service';

export const pointsResolvers: Resolvers = {
  Query: {
    howToEarn: (_root, _args, ctx) => howToEarn(ctx),
    pointsSummary: (_root, _args, ctx) => pointsSummary(ctx),
    pointsEntries: (_root, args, ctx) => pointsEntries(ctx, args),
  },
  User: {
    // `me` already checked the session; the id is the member's own.
    pointsBalance: (user, _args, ctx) => currentBalance(ctx.db, Number(user.id), nowOf(ctx)),
  },
};
