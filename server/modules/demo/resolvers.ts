import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { demoDataPresent } from './status';

export const demoResolvers: Resolvers = {
  Query: {
    // Asked anew each time (two indexed look-ups): the terminal removes the demo data while the server runs.
    demoData: (_root, _args, ctx) => demoDataPresent(ctx.db),
  },
};
