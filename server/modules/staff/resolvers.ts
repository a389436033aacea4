import { requireRole, requireStaff, type StaffResolverSet } from '../../graphql/staff-access';
import type { StaffPrincipal } from '../../graphql/staff-context';
import type { StaffAuditEntry } from '../../graphql/generated/staff-resolvers-types';
import { inviteStaff, listStaff, resetStaffAuthenticator, setStaffDisabled, setStaffRoles } from './accounts';
import { pendingApprovals } from './approval-requests';
import { auditActions, auditPage, type AuditLine } from './audit';
import { staffLogin, staffLogout } from './login';
import type { StaffSessionView } from './sessions';
import { readSetupLink, redeemSetupLink } from './setup';

const meOf = (staff: StaffPrincipal) => ({
  id: String(staff.id),
  name: staff.name,
  email: staff.email,
  roles: [...staff.roles],
  sessionExpiresAt: staff.sessionExpiresAt,
});

const sessionOf = (session: StaffSessionView) => ({
  token: session.token,
  expiresAt: session.expiresAt,
  staff: meOf(session.staff),
});

const entryOf = (line: AuditLine): StaffAuditEntry => ({
  id: String(line.id),
  at: line.created_at,
  actorKind: line.actor_kind.toUpperCase(),
  actorName: line.actor_name,
  role: (line.role as StaffAuditEntry['role']) ?? null,
  action: line.action,
  objectType: line.object_type,
  objectId: line.object_id,
  objectLabel: line.object_label,
  before: line.before,
  after: line.after,
  ip: line.ip,
});

/**
 * The staff module's part of the painel's schema. Each root field declares who may call it (the endpoint checks it
 * first; the matrix test runs it for every caller), and the resolvers that change something take their actor from
 * requireRole, so the audit names the role the change was allowed under.
 */
export const staffModuleResolvers: StaffResolverSet = {
  Query: {
    staffMe: {
      access: 'staff',
      resolve: (_parent, _args, ctx) => {
        requireStaff(ctx);
        return meOf(ctx.staff!);
      },
    },
    staffSetupLink: { access: 'public', resolve: (_parent, { token }, ctx) => readSetupLink(ctx, token) },
    staffAccounts: {
      access: ['admin'],
      resolve: (_parent, _args, ctx) => {
        requireRole(ctx, 'admin');
        return listStaff(ctx.db);
      },
    },
    staffAudit: {
      access: ['admin'],
      resolve: async (_parent, { filter, first, after }, ctx) => {
        requireRole(ctx, 'admin');
        const page = await auditPage(ctx.db, filter ?? {}, { first, after });
        return { entries: page.entries.map(entryOf), nextCursor: page.nextCursor, actions: auditActions() };
      },
    },
    staffApprovalRules: {
      access: ['revisor', 'admin'],
      resolve: (_parent, _args, ctx) => {
        requireRole(ctx, 'revisor', 'admin');
        return { confirmPoints: ctx.config.reviewConfirmPoints, fourEyesPoints: ctx.config.reviewFourEyesPoints };
      },
    },
    staffPendingApprovals: {
      access: ['revisor'],
      resolve: (_parent, _args, ctx) => pendingApprovals(ctx.db, requireRole(ctx, 'revisor').staffId),
    },
  },
  Mutation: {
    staffLogin: {
      access: 'public',
      resolve: async (_parent, args, ctx) => sessionOf(await staffLogin(ctx, args)),
    },
    staffLogout: { access: 'staff', resolve: (_parent, _args, ctx) => staffLogout(ctx) },
    staffSetup: {
      access: 'public',
      resolve: async (_parent, args, ctx) => sessionOf(await redeemSetupLink(ctx, args)),
    },
    staffInvite: {
      access: ['admin'],
      resolve: (_parent, { input }, ctx) => inviteStaff(ctx, requireRole(ctx, 'admin'), input),
    },
    staffSetRoles: {
      access: ['admin'],
      resolve: (_parent, { id, roles }, ctx) => setStaffRoles(ctx, requireRole(ctx, 'admin'), id, roles),
    },
    staffSetDisabled: {
      access: ['admin'],
      resolve: (_parent, { id, disabled }, ctx) => setStaffDisabled(ctx, requireRole(ctx, 'admin'), id, disabled),
    },
    staffResetAuthenticator: {
      access: ['admin'],
      resolve: (_parent, { id }, ctx) => resetStaffAuthenticator(ctx, requireRole(ctx, 'admin'), id),
    },
  },
};
