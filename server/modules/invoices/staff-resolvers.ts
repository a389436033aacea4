import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import {
  approveAsStaff,
  invoiceDetail,
  invoiceQueue,
  nextInvoice,
  rejectAsStaff,
  releaseInvoice,
  takeInvoice,
} from './staff-review';

/** The invoice review in the painel: every operation for reviewers (revisor) only. */
export const invoicesStaffResolvers: StaffResolverSet = {
  Query: {
    staffInvoiceQueue: {
      access: ['revisor'],
      resolve: (_parent, args, ctx) => invoiceQueue(ctx, requireRole(ctx, 'revisor'), args),
    },
    staffInvoice: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => invoiceDetail(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffNextInvoice: {
      access: ['revisor'],
      resolve: (_parent, { after }, ctx) => nextInvoice(ctx, requireRole(ctx, 'revisor'), after),
    },
  },
  Mutation: {
    staffTakeInvoice: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => takeInvoice(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffReleaseInvoice: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => releaseInvoice(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffApproveInvoice: {
      access: ['revisor'],
      resolve: (_parent, { id, points }, ctx) => approveAsStaff(ctx, requireRole(ctx, 'revisor'), id, points),
    },
    staffRejectInvoice: {
      access: ['revisor'],
      resolve: (_parent, { id, reason }, ctx) => rejectAsStaff(ctx, requireRole(ctx, 'revisor'), id, reason),
    },
  },
};
