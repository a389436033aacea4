import type { ClubModule } from '../club-module';
import { invoicesResolvers } from './resolvers';
import { invoicesHttp } from './http';
import { invoiceQueueCsvRoute } from './staff-queue-csv';
import { invoicesStaffResolvers } from './staff-resolvers';
import { invoiceStaffFiles } from './staff-review';
import { sefazCheckJobs } from './sefaz-check';
import { memberInvoiceFileKeys } from './repository';

export { demoHistoryEvents, demoMemberOn } from './demo-history';
export { seedDemoReviewQueue } from './demo-review-queue';
export type { DemoHistoryDeps } from './demo-history';
export { loadTrustStore, SHIPPED_TRUST_DIR } from './nfe-trust/trust-store';
export type { NfeTrustStore } from './nfe-trust/trust-store';
export { countOwnInvoices, listOwnInvoices, pendingInvoices } from './repository';
export {
  approveInvoice,
  INVOICE_ACTION_MESSAGES,
  rejectInvoice,
  reverseInvoiceApproval,
  SEFAZ_CANCELLED_REASON,
  type KeyedItem,
} from './actions';
export {
  checkApprovedInvoices,
  checkApprovedInvoicesNow,
  SEFAZ_CHECK_RULES,
  type SefazCheckLine,
  type SefazCheckReport,
} from './sefaz-check';
export { nfeTrustStoreOf } from './nfe-trust/club-trust';
// The WhatsApp channel sends a member's nota through the app's own path.
export { submitInvoice, type Deps as InvoiceSendDeps } from './service';
export { auditStoredXml } from './audit-xml';
export { unlimitedUploads, uploadLimiter } from './upload-limiter';

export const invoicesModule: ClubModule = {
  name: 'invoices',
  resolvers: invoicesResolvers,
  staffResolvers: invoicesStaffResolvers,
  staffFiles: [invoiceStaffFiles],
  routes: async (app, deps) => {
    await invoicesHttp(app, deps);
    await invoiceQueueCsvRoute(app, deps);
  },
  jobs: ({ db, config }) => sefazCheckJobs(db, config),
  // The invoices, their files' rows and events go by the cascade from users; the stored files are named here.
  removeMember: (db, member) => memberInvoiceFileKeys(db, member.id),
};
