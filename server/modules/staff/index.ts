import type { ClubModule } from '../club-module';
import { auditCsvRoute } from './audit-route';
import { staffModuleResolvers } from './resolvers';
import { endLeasesOfMember } from './review-leases';

/**
 * The club's staff, a world apart from the members: accounts with roles, sign-in with e-mail, password and an
 * authenticator code, painel sessions, one-time set-up links and the one audit trail. What other modules use:
 * `recordAudit` (every staff mutation writes its line with the actor `requireRole` gave it), `terminalActor`
 * (the terminal's commands), and the account functions the painel and `npm run staff` share.
 */
export {
  actorLabel,
  auditActorOf,
  memberActor,
  recordAudit,
  terminalActor,
  type AuditActor,
  type AuditEntry,
} from './audit';
export {
  inviteStaff,
  listStaff,
  resetStaffAuthenticator,
  setStaffDisabled,
  setStaffRoles,
  staffByEmail,
  type StaffAccountView,
  type StaffInvitation,
} from './accounts';
export {
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD,
  replacePublishedDemoSecrets,
  seedDemoStaff,
  type DemoStaffCredentials,
  type DemoStaffSecrets,
} from './demo';
export {
  APPROVAL_MESSAGES,
  approvalRequestOf,
  cancelPendingApproval,
  holdForSecondApproval,
  pendingApprovals,
  takeSecondApproval,
  type ApprovalRequestView,
  type ApprovalRules,
} from './approval-requests';
export { REASON_LIMITS, reasonOf } from './reasons';
export { demoStaffPresent, removeDemoStaff, type RemovedDemoStaff } from './demo-removal';
export { checkStaffSession, STAFF_IDLE_MS, STAFF_SESSION_MS, startStaffSession } from './sessions';
export { totpCodeAt } from './totp';
export { staffFilesRoute, staffFileUrl, STAFF_FILE_LINK_TTL_MS } from './files';
export {
  endLease,
  liveLeases,
  notHeldByOthers,
  releaseLease,
  requireLease,
  REVIEW_LEASE_MS,
  takeLease,
  takeOverLease,
  type LeaseView,
} from './review-leases';

export {
  ASSIGNMENT_MESSAGES,
  assignedTo,
  assigneeOf,
  assignIn,
  assignmentsOf,
  reviewers,
  type AssignmentView,
  type Reviewer,
} from './review-assignments';

export const staffModule: ClubModule = {
  name: 'staff',
  staffResolvers: staffModuleResolvers,
  routes: auditCsvRoute,
  removeMember: endLeasesOfMember,
};
