import type { ApiContext } from '../../graphql/context';
import { checkAccessKey, getInvoice, listInvoices, resendInvoice, submitInvoice, type SubmitInput } from './service';
import type { FileUpload } from '../../uploads/file-upload';

const deps = (ctx: ApiContext) => ({
  db: ctx.db,
  config: ctx.config,
  storage: ctx.storage,
  userId: ctx.userId,
  uploads: ctx.uploadLimiter,
});

export const invoicesResolvers = {
  Query: {
    myInvoices: (_root: unknown, args: { first?: number | null; after?: string | null }, ctx: ApiContext) =>
      listInvoices(deps(ctx), args),
    invoice: (_root: unknown, args: { id: string }, ctx: ApiContext) => getInvoice(deps(ctx), args.id),
    invoiceKeyCheck: (_root: unknown, args: { accessKey: string }, ctx: ApiContext) =>
      checkAccessKey(deps(ctx), args.accessKey),
  },
  Mutation: {
    submitInvoice: (_root: unknown, args: { input: SubmitInput }, ctx: ApiContext) =>
      submitInvoice(deps(ctx), args.input),
    resendInvoice: (
      _root: unknown,
      args: { id: string; idempotencyKey: string; files: Promise<FileUpload>[] },
      ctx: ApiContext,
    ) => resendInvoice(deps(ctx), args),
  },
};
