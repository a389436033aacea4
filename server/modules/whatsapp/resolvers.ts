import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { setOwnChannel } from './actions';

export const whatsappResolvers: Resolvers = {
  Mutation: {
    setWhatsappChannel: (_root, args, ctx) => setOwnChannel(ctx, args.on),
  },
};
