import { parseId } from '../../graphql/ids';
import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { reviewers } from '../staff';
import { assignInvoices, rejectCopies, type BulkResult } from './actions';
import { previewKeyedItems } from './keyed-preview';
import { invoiceQueue, nextInvoice } from './staff-queue';
import {
  approveAsStaff,
  confirmApprovalAsStaff,
  invoiceDetail,
  rejectAsStaff,
  releaseInvoice,
  reverseAsStaff,
  takeInvoice,
  takeOverInvoice,
} from './staff-review';

/** A selection's ids as the API reads them: one that is not an id is left as not found rather than refusing all. */
const idsOf = (ids: readonly string[]) => ids.map((id) => parseId(id) ?? 0);

const bulkView = (result: BulkResult) => ({
  done: result.done.map(String),
  skipped: result.skipped.map((s) => ({ id: String(s.id), message: s.message })),
});

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
    staffPreviewKeyedItems: {
      access: ['revisor'],
      resolve: (_parent, { invoiceId, items }, ctx) => {
        requireRole(ctx, 'revisor');
        return previewKeyedItems(ctx.db, invoiceId, items);
      },
    },
    staffReviewers: {
      access: ['revisor'],
      resolve: (_parent, _args, ctx) => {
        requireRole(ctx, 'revisor');
        return reviewers(ctx.db);
      },
    },
    staffNextInvoice: {
      access: ['revisor'],
      resolve: (_parent, args, ctx) => nextInvoice(ctx, requireRole(ctx, 'revisor'), args),
    },
  },
  Mutation: {
    staffTakeInvoice: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => takeInvoice(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffTakeOverInvoice: {
      access: ['admin'],
      resolve: (_parent, { id }, ctx) => takeOverInvoice(ctx, requireRole(ctx, 'admin'), id),
    },
    staffReleaseInvoice: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => releaseInvoice(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffApproveInvoice: {
      access: ['revisor'],
      // A free number of points for an invoice without XML is an admin's: the action asks whether the caller is one.
      resolve: (_parent, args, ctx) =>
        approveAsStaff(ctx, requireRole(ctx, 'revisor'), args, ctx.staff?.roles.includes('admin') === true),
    },
    staffConfirmInvoiceApproval: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => confirmApprovalAsStaff(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffReverseInvoiceApproval: {
      // The action decides who may reverse what: a reviewer, and an admin above the four-eyes threshold.
      access: ['revisor', 'admin'],
      resolve: (_parent, { id, reason }, ctx) => reverseAsStaff(ctx, requireRole(ctx, 'admin', 'revisor'), id, reason),
    },
    staffRejectInvoice: {
      access: ['revisor'],
      resolve: (_parent, { id, reason }, ctx) => rejectAsStaff(ctx, requireRole(ctx, 'revisor'), id, reason),
    },
    staffRejectCopies: {
      access: ['revisor'],
      resolve: async (_parent, { ids, reason }, ctx) =>
        bulkView(await rejectCopies(ctx, requireRole(ctx, 'revisor'), idsOf(ids), reason)),
    },
    staffAssignInvoices: {
      access: ['revisor'],
      resolve: async (_parent, { ids, staffId }, ctx) =>
        bulkView(await assignInvoices(ctx, requireRole(ctx, 'revisor'), idsOf(ids), staffId ?? null)),
    },
  },
};
