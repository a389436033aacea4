import type { Migration } from 'kysely';
import { usersAndSessions } from './20261122T150000-users-and-sessions';
import { content } from './20261122T160000-content';
import { invoicesAndPoints } from './20261122T170000-invoices-and-points';
import { signUpCodesAndOutbox } from './20261122T180000-sign-up-codes-and-outbox';
import { profileWorkshopSurvey } from './20261122T190000-profile-workshop-survey';
import { jobRuns } from './20261123T100000-job-runs';
import { rateLimits } from './20261123T110000-rate-limits';
import { usedAltchaChallenges } from './20261123T120000-used-altcha-challenges';
import { memberOperations } from './20261123T170000-member-operations';
import { stores } from './20261124T100000-stores';
import { kiosks } from './20261124T110000-kiosks';
import { projects } from './20261125T100000-projects';
import { deviceSessions } from './20261126T100000-device-sessions';
import { deviceSessionRegion } from './20261127T100000-device-session-region';
import { pointsSpending } from './20261128T100000-points-spending';
import { rewards } from './20261128T110000-rewards';
import { pointsPartner } from './20261129T100000-points-partner';
import { rewardCodes } from './20261129T110000-reward-codes';
import { rewardPhotos } from './20261129T120000-reward-photos';
import { rewardDrafts } from './20261129T130000-reward-drafts';
import { staff } from './20261130T100000-staff';
import { sessionEndReason } from './20261201T100000-session-end-reason';
import { invoiceReviewLeases } from './20261202T100000-invoice-review-leases';
import { invoiceKeyAttempts } from './20261203T140000-invoice-key-attempts';
import { notifications } from './20261204T100000-notifications';
import { reviewLeases } from './20261204T120000-review-leases';
import { invoiceSefazChecks } from './20261205T100000-invoice-sefaz-checks';
import { invoiceReviewReason } from './20261205T110000-invoice-review-reason';
import { memberRemovals } from './20261205T120000-member-removals';
import { whatsapp } from './20261206T100000-whatsapp';
import { pointsRunningTotals } from './20261206T150000-points-running-totals';
import { clubAtScaleIndexes } from './20261206T160000-club-at-scale-indexes';
import { whatsappMedia } from './20261207T090000-whatsapp-media';
import { whatsappNotices } from './20261208T100000-whatsapp-notices';
import { notificationsByEventTime } from './20261209T100000-notifications-by-event-time';
import { approvalRequestItems } from './20261210T100000-approval-request-items';
import { waitingQueueByArrival } from './20261210T110000-waiting-queue-by-arrival';
import { approvalRequests } from './20261207T100000-approval-requests';
import { brandProducts } from './20261207T100000-brand-products';
import { earningByProduct } from './20261207T110000-earning-by-product';
import { campaignsRole } from './20261210T100000-campaigns-role';
import { memberNotes } from './20261211T100000-member-notes';
import { pointsAdjustments } from './20261211T110000-points-adjustments';
import { reviewAssignments } from './20261212T100000-review-assignments';
import { auditFold } from './20261212T110000-audit-fold';

/**
 * Every migration, by name in timestamp order. A static record instead of a folder scan keeps migrations working
 * under tsx, jest and any bundler alike. Never rename or edit an entry that has shipped; add a new one.
 */
export const migrations: Record<string, Migration> = {
  '20261122T150000-users-and-sessions': usersAndSessions,
  '20261122T160000-content': content,
  '20261122T170000-invoices-and-points': invoicesAndPoints,
  '20261122T180000-sign-up-codes-and-outbox': signUpCodesAndOutbox,
  '20261122T190000-profile-workshop-survey': profileWorkshopSurvey,
  '20261123T100000-job-runs': jobRuns,
  '20261123T110000-rate-limits': rateLimits,
  '20261123T120000-used-altcha-challenges': usedAltchaChallenges,
  '20261123T170000-member-operations': memberOperations,
  '20261124T100000-stores': stores,
  '20261124T110000-kiosks': kiosks,
  '20261125T100000-projects': projects,
  '20261126T100000-device-sessions': deviceSessions,
  '20261127T100000-device-session-region': deviceSessionRegion,
  '20261128T100000-points-spending': pointsSpending,
  '20261128T110000-rewards': rewards,
  '20261129T100000-points-partner': pointsPartner,
  '20261129T110000-reward-codes': rewardCodes,
  '20261129T120000-reward-photos': rewardPhotos,
  '20261129T130000-reward-drafts': rewardDrafts,
  '20261130T100000-staff': staff,
  '20261201T100000-session-end-reason': sessionEndReason,
  '20261202T100000-invoice-review-leases': invoiceReviewLeases,
  '20261203T140000-invoice-key-attempts': invoiceKeyAttempts,
  '20261204T100000-notifications': notifications,
  '20261204T120000-review-leases': reviewLeases,
  '20261205T100000-invoice-sefaz-checks': invoiceSefazChecks,
  '20261205T110000-invoice-review-reason': invoiceReviewReason,
  '20261205T120000-member-removals': memberRemovals,
  '20261206T100000-whatsapp': whatsapp,
  '20261206T150000-points-running-totals': pointsRunningTotals,
  '20261206T160000-club-at-scale-indexes': clubAtScaleIndexes,
  '20261207T090000-whatsapp-media': whatsappMedia,
  '20261207T100000-approval-requests': approvalRequests,
  '20261207T100000-brand-products': brandProducts,
  '20261207T110000-earning-by-product': earningByProduct,
  '20261208T100000-whatsapp-notices': whatsappNotices,
  '20261209T100000-notifications-by-event-time': notificationsByEventTime,
  '20261210T100000-approval-request-items': approvalRequestItems,
  '20261210T110000-waiting-queue-by-arrival': waitingQueueByArrival,
  '20261210T100000-campaigns-role': campaignsRole,
  '20261211T100000-member-notes': memberNotes,
  '20261211T110000-points-adjustments': pointsAdjustments,
  '20261212T100000-review-assignments': reviewAssignments,
  '20261212T110000-audit-fold': auditFold,
};
