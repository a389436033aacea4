import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { staffAddStore, staffSetStoreActive, staffStore, staffStoreSignUps, staffStores } from './staff-stores';

/** The stores in the painel: every operation for the stores team (lojas) only. */
export const storesStaffResolvers: StaffResolverSet = {
  Query: {
    staffStores: {
      access: ['lojas'],
      resolve: (_parent, _args, ctx) => {
        requireRole(ctx, 'lojas');
        return staffStores(ctx);
      },
    },
    staffStore: {
      access: ['lojas'],
      resolve: (_parent, { slug }, ctx) => {
        requireRole(ctx, 'lojas');
        return staffStore(ctx, slug);
      },
    },
    staffStoreSignUps: {
      access: ['lojas'],
      resolve: (_parent, { slug, from, to }, ctx) => {
        requireRole(ctx, 'lojas');
        return staffStoreSignUps(ctx, slug, from, to);
      },
    },
  },
  Mutation: {
    staffAddStore: {
      access: ['lojas'],
      resolve: (_parent, { input }, ctx) => staffAddStore(ctx, requireRole(ctx, 'lojas'), input),
    },
    staffSetStoreActive: {
      access: ['lojas'],
      resolve: (_parent, { slug, active }, ctx) => staffSetStoreActive(ctx, requireRole(ctx, 'lojas'), slug, active),
    },
  },
};
