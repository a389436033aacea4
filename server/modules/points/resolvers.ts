import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ApiContext } from '../../graphql/context';
import { currentBalance, pointsEntries, pointsSummary } from './service';

const now = (ctx: ApiContext) => new Date(ctx.config.now());

export const pointsResolvers: Resolvers = {
  Query: {
    pointsSummary: (_root, _args, ctx) => pointsSummary(ctx.db, ctx.userId, now(ctx)),
    pointsEntries: (_root, args, ctx) => pointsEntries(ctx.db, ctx.userId, args, now(ctx)),
  },
  User: {
    // `me` already checked the session; the id is the member's own.
    pointsBalance: (user, _args, ctx) => currentBalance(ctx.db, Number(user.id), now(ctx)),
  },
};
