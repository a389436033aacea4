import type { ApiContext } from '../../graphql/context';
import { currentBalance, pointsEntries, pointsSummary, type EntriesArgs } from './service';

const now = (ctx: ApiContext) => new Date(ctx.config.now());

export const pointsResolvers = {
  Query: {
    pointsSummary: (_root: unknown, _args: unknown, ctx: ApiContext) => pointsSummary(ctx.db, ctx.userId, now(ctx)),
    pointsEntries: (_root: unknown, args: EntriesArgs, ctx: ApiContext) =>
      pointsEntries(ctx.db, ctx.userId, args, now(ctx)),
  },
  User: {
    // `me` already checked the session; the id is the member's own.
    pointsBalance: (user: { id: string }, _args: unknown, ctx: ApiContext) =>
      currentBalance(ctx.db, Number(user.id), now(ctx)),
  },
};
