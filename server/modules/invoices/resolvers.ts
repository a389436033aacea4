import type { Resolvers } from '../../graphql/generated/resolvers-types';
import {
  checkAccessKey,
  countInvoices,
  getInvoice,
  getInvoiceEarning,
  listInvoices,
  refusedInvoices,
  resendInvoice,
  submitInvoice,
} from './service';

export const invoicesResolvers: Resolvers = {
  Query: {
    myInvoices: (_root, args, ctx) => listInvoices(ctx, args),
    invoice: (_root, args, ctx) => getInvoice(ctx, args.id),
    invoiceEarning: (_root, args, ctx) => getInvoiceEarning(ctx, args.id),
    myInvoiceCounts: (_root, _args, ctx) => countInvoices(ctx),
    myRefusedInvoices: (_root, _args, ctx) => refusedInvoices(ctx),
    invoiceKeyCheck: (_root, args, ctx) => checkAccessKey(ctx, args.accessKey),
  },
  Mutation: {
    submitInvoice: (_root, args, ctx) => submitInvoice(ctx, args.input),
    resendInvoice: (_root, args, ctx) => resendInvoice(ctx, args),
  },
};
