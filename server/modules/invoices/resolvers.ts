import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ApiContext } from '../../graphql/context';
import { checkAccessKey, getInvoice, listInvoices, resendInvoice, submitInvoice } from './service';

const deps = (ctx: ApiContext) => ({
  db: ctx.db,
  config: ctx.config,
  storage: ctx.storage,
  userId: ctx.userId,
  uploads: ctx.uploadLimiter,
});

export const invoicesResolvers: Resolvers = {
  Query: {
    myInvoices: (_root, args, ctx) => listInvoices(deps(ctx), args),
    invoice: (_root, args, ctx) => getInvoice(deps(ctx), args.id),
    invoiceKeyCheck: (_root, args, ctx) => checkAccessKey(deps(ctx), args.accessKey),
  },
  Mutation: {
    submitInvoice: (_root, args, ctx) => submitInvoice(deps(ctx), args.input),
    resendInvoice: (_root, args, ctx) => resendInvoice(deps(ctx), args),
  },
};
