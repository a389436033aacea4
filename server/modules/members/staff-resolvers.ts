import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import type { StaffContext } from '../../graphql/staff-context';
import { operatorSwitches } from './actions';
import { addMemberNote, memberNotes } from './notes';
import { memberDetail, memberIdOf, memberInvoices, memberLedger, memberOrders, searchMembers } from './support';
import {
  adjustPoints,
  confirmPointsAdjustment,
  memberAdjustments,
  refusePointsAdjustment,
  reversePointsAdjustment,
} from './points-adjustments';

/**
 * Runs one of the switches (actions.ts) for the staff member (atendimento) on the member of this id, with the reason,
 * and answers the member's page as it now stands. The switches' refusals are DomainErrors, the painel's NOT_FOUND or
 * BAD_USER_INPUT under the input field at fault, and go through as they are.
 */
async function switched(
  ctx: StaffContext,
  id: string,
  run: (member: { id: number }, actor: ReturnType<typeof requireRole>) => Promise<unknown>,
) {
  const actor = requireRole(ctx, 'atendimento');
  await run({ id: memberIdOf(id) }, actor);
  return memberDetail(ctx, id);
}

/** A number from an ID argument; NaN (NOT_FOUND in the use case) for anything else. */
const idNumber = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : Number.NaN);

/** The member's adjustments after a change to one of them, as the admin's page reads them again. */
const adjustmentsAfter = (ctx: StaffContext, actor: { staffId: number }, change: Promise<{ user_id: number }>) =>
  change.then((row) => memberAdjustments(ctx, row.user_id, actor.staffId));

/**
 * Members' support in the painel: every operation for atendimento; the internal notes for admin too; the manual points
 * adjustments for admin only.
 */
export const membersStaffResolvers: StaffResolverSet = {
  Query: {
    staffMemberSearch: {
      access: ['atendimento'],
      resolve: (_parent, { text }, ctx) => {
        requireRole(ctx, 'atendimento');
        return searchMembers(ctx, text);
      },
    },
    staffMember: {
      access: ['atendimento'],
      resolve: (_parent, { id }, ctx) => {
        requireRole(ctx, 'atendimento');
        return memberDetail(ctx, id);
      },
    },
    staffMemberPointsAdjustments: {
      access: ['admin'],
      resolve: (_parent, { id }, ctx) => memberAdjustments(ctx, idNumber(id), requireRole(ctx, 'admin').staffId),
    },
    staffMemberLedger: {
      access: ['atendimento'],
      resolve: (_parent, { id, first, after }, ctx) => {
        requireRole(ctx, 'atendimento');
        return memberLedger(ctx, id, { first, after });
      },
    },
    staffMemberInvoices: {
      access: ['atendimento'],
      resolve: (_parent, { id, first, after }, ctx) => {
        requireRole(ctx, 'atendimento');
        return memberInvoices(ctx, id, { first, after });
      },
    },
    staffMemberOrders: {
      access: ['atendimento'],
      resolve: (_parent, { id, first, after }, ctx) => {
        requireRole(ctx, 'atendimento');
        return memberOrders(ctx, id, { first, after });
      },
    },
    staffMemberNotes: {
      access: ['atendimento', 'admin'],
      resolve: (_parent, { id, first, after }, ctx) => {
        requireRole(ctx, 'atendimento', 'admin');
        return memberNotes(ctx, id, { first, after });
      },
    },
  },
  Mutation: {
    staffMemberRequirePasswordChange: {
      access: ['atendimento'],
      resolve: (_parent, { id, reason }, ctx) =>
        switched(ctx, id, (member, actor) => operatorSwitches.requirePasswordChange(ctx, member, actor, { reason })),
    },
    staffMemberConsent: {
      access: ['atendimento'],
      resolve: (_parent, { id, message, reason }, ctx) =>
        switched(ctx, id, (member, actor) => operatorSwitches.consent(ctx, member, actor, message, { reason })),
    },
    staffMemberChatbot: {
      access: ['atendimento'],
      resolve: (_parent, { id, on, reason }, ctx) =>
        switched(ctx, id, (member, actor) => operatorSwitches.chatbot(ctx, member, actor, on, { reason })),
    },
    staffMemberAccountType: {
      access: ['atendimento'],
      resolve: (_parent, { id, type, reason }, ctx) =>
        switched(ctx, id, (member, actor) => operatorSwitches.accountType(ctx, member, actor, type, { reason })),
    },
    staffMemberSetDisabled: {
      access: ['atendimento'],
      resolve: (_parent, { id, disabled, reason }, ctx) =>
        switched(ctx, id, (member, actor) =>
          disabled
            ? operatorSwitches.disable(ctx, member, actor, { reason })
            : operatorSwitches.enable(ctx, member, actor, { reason }),
        ),
    },
    staffMemberEndSessions: {
      access: ['atendimento'],
      resolve: (_parent, { id, reason }, ctx) =>
        switched(ctx, id, (member, actor) => operatorSwitches.endSessions(ctx, member, actor, { reason })),
    },
    staffMemberAddNote: {
      access: ['atendimento', 'admin'],
      resolve: (_parent, { id, body }, ctx) => addMemberNote(ctx, requireRole(ctx, 'atendimento', 'admin'), id, body),
    },
    staffAdjustMemberPoints: {
      access: ['admin'],
      resolve: (_parent, { id, points, reason, confirmed }, ctx) => {
        const actor = requireRole(ctx, 'admin');
        const change = adjustPoints(ctx, actor, idNumber(id), { points, reason, confirmed: confirmed === true });
        return adjustmentsAfter(ctx, actor, change);
      },
    },
    staffConfirmPointsAdjustment: {
      access: ['admin'],
      resolve: (_parent, { adjustmentId }, ctx) => {
        const actor = requireRole(ctx, 'admin');
        return adjustmentsAfter(ctx, actor, confirmPointsAdjustment(ctx, actor, idNumber(adjustmentId)));
      },
    },
    staffRefusePointsAdjustment: {
      access: ['admin'],
      resolve: (_parent, { adjustmentId, reason }, ctx) => {
        const actor = requireRole(ctx, 'admin');
        return adjustmentsAfter(ctx, actor, refusePointsAdjustment(ctx, actor, idNumber(adjustmentId), reason));
      },
    },
    staffReversePointsAdjustment: {
      access: ['admin'],
      resolve: (_parent, { adjustmentId, reason }, ctx) => {
        const actor = requireRole(ctx, 'admin');
        return adjustmentsAfter(ctx, actor, reversePointsAdjustment(ctx, actor, idNumber(adjustmentId), reason));
      },
    },
  },
};
