import type { ClubModule } from '../club-module';
import { invoicesResolvers } from './resolvers';
import { invoicesHttp } from './http';
import { invoicesStaffResolvers } from './staff-resolvers';
import { invoiceStaffFiles } from './staff-review';
import { memberInvoiceFileKeys } from './repository';

export { seedDemoHistory } from './demo-history';
export { seedDemoReviewQueue } from './demo-review-queue';
export type { DemoHistoryDeps } from './demo-history';
export { loadTrustStore, SHIPPED_TRUST_DIR } from './nfe-trust/trust-store';
export type { NfeTrustStore } from './nfe-trust/trust-store';
export { countOwnInvoices, listOwnInvoices, pendingInvoices } from './repository';
export { approveInvoice, rejectInvoice } from './review';
export { unlimitedUploads, uploadLimiter } from './upload-limiter';

export const invoicesModule: ClubModule = {
  name: 'invoices',
  resolvers: invoicesResolvers,
  staffResolvers: invoicesStaffResolvers,
  staffFiles: [invoiceStaffFiles],
  routes: invoicesHttp,
  // The invoices, their files' rows and events go by the cascade from users; the stored files are named here.
  removeMember: (db, member) => memberInvoiceFileKeys(db, member.id),
};
