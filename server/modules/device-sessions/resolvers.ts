import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { endOtherSessions, endSession, mySessions } from './service';

export const deviceSessionsResolvers: Resolvers = {
  Query: {
    mySessions: (_root, _args, ctx) => mySessions(ctx),
  },
  Mutation: {
    endSession: (_root, args, ctx) => endSession(ctx, args.id),
    endOtherSessions: (_root, _args, ctx) => endOtherSessions(ctx),
  },
};
