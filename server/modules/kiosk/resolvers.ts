import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { activateKiosk, completeHandoff, handoffSignUp, kioskHandoffState, kioskSetup, kioskSignUp } from './service';

export const kioskResolvers: Resolvers = {
  Query: {
    kiosk: (_root, _args, ctx) => kioskSetup(ctx),
    handoffSignUp: (_root, args, ctx) => handoffSignUp(ctx, args.link),
    kioskHandoff: (_root, args, ctx) => kioskHandoffState(ctx, args.link),
  },
  Mutation: {
    activateKiosk: (_root, args, ctx) => activateKiosk(ctx, args.code, args.previousKey),
    kioskSignUp: (_root, args, ctx) => kioskSignUp(ctx, args.input),
    completeHandoff: async (_root, args, ctx) => {
      const pair = await completeHandoff(ctx, args.link, args.password);
      return { access_token: pair.accessToken, refresh_token: pair.refreshToken };
    },
  },
};
