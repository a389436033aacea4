import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { getCurrentMember } from './service';

export const usersResolvers: Resolvers = {
  Query: {
    me: (_root, _args, ctx) => getCurrentMember(ctx, ctx.sessionUser),
  },
};
