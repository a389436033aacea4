import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { memberStore, storeLink } from './service';

export const storesResolvers: Resolvers = {
  Query: {
    storeLink: (_root, args, ctx) => storeLink(ctx.db, args.slug),
  },
  User: {
    // `me` already checked the session; the slug is the member's own.
    store: (user, _args, ctx) => memberStore(ctx.db, user.subsidiarySlug ?? null),
  },
};
