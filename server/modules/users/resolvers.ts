import type { ApiContext } from '../../graphql/context';
import { getCurrentMember } from './service';

export const usersResolvers = {
  Query: {
    me: (_root: unknown, _args: unknown, ctx: ApiContext) => getCurrentMember(ctx.db, ctx.userId),
  },
};
