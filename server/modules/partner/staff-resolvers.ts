import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { confirmAsStaff, refuseAsStaff, transferPage } from './staff-transfers';

/** Transfers to the points partner in the painel: for the rewards desk (premios) only. */
export const partnerStaffResolvers: StaffResolverSet = {
  Query: {
    staffPartnerTransfers: {
      access: ['premios'],
      resolve: (_parent, args, ctx) => {
        requireRole(ctx, 'premios');
        return transferPage(ctx, args);
      },
    },
  },
  Mutation: {
    staffConfirmPartnerTransfer: {
      access: ['premios'],
      resolve: (_parent, { id, reference }, ctx) => confirmAsStaff(ctx, requireRole(ctx, 'premios'), id, reference),
    },
    staffRefusePartnerTransfer: {
      access: ['premios'],
      resolve: (_parent, { id, reason }, ctx) => refuseAsStaff(ctx, requireRole(ctx, 'premios'), id, reason),
    },
  },
};
