import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { DomainError } from '../../errors/domain-error';
import { endHandoverAsStaff, replyAsStaff, supportConversation } from './staff-support';

const memberIdOf = (id: string): number => {
  const parsed = Number(id);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new DomainError('NOT_FOUND', 'Membro não encontrado.');
  return parsed;
};

/** The member's WhatsApp for atendimento: thin adapters over staff-support.ts. */
export const whatsappStaffResolvers: StaffResolverSet = {
  Query: {
    staffWhatsappConversation: {
      access: ['atendimento'],
      resolve: (_parent, { memberId }, ctx) => {
        requireRole(ctx, 'atendimento');
        return supportConversation(ctx, memberIdOf(memberId));
      },
    },
  },
  Mutation: {
    staffWhatsappReply: {
      access: ['atendimento'],
      resolve: (_parent, { memberId, text }, ctx) =>
        replyAsStaff(ctx, requireRole(ctx, 'atendimento'), memberIdOf(memberId), text),
    },
    staffWhatsappEndHandover: {
      access: ['atendimento'],
      resolve: (_parent, { memberId }, ctx) =>
        endHandoverAsStaff(ctx, requireRole(ctx, 'atendimento'), memberIdOf(memberId)),
    },
  },
};
