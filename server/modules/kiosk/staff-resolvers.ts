import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { createKioskCode } from './service';

/** The kiosks in the painel: the stores team (lojas) makes the codes that set a store's tablet up. */
export const kioskStaffResolvers: StaffResolverSet = {
  Mutation: {
    staffCreateKioskCode: {
      access: ['lojas'],
      resolve: async (_parent, { slug }, ctx) => {
        const made = await createKioskCode(ctx, requireRole(ctx, 'lojas'), slug);
        return { code: made.code, expiresAt: made.expiresAt.toISOString(), url: made.url };
      },
    },
  },
};
