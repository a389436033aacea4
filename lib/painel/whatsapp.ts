// The member's WhatsApp in the painel (atendimento): its documents (lib/painel/whatsapp.graphql) and their limits.
export type { StaffWhatsappConversationFieldsFragment } from './operations.generated';
export {
  QStaffWhatsappConversationDocument as QStaffWhatsappConversation,
  MStaffWhatsappReplyDocument as MStaffWhatsappReply,
  MStaffWhatsappEndHandoverDocument as MStaffWhatsappEndHandover,
} from './operations.generated';

/** The API's limit of a person's answer (server/modules/whatsapp/staff-support.ts). */
export const WHATSAPP_REPLY_MAX = 1000;

/** Where a club's message stands, as atendimento reads it. */
export const WHATSAPP_STATE_LABELS: Readonly<Record<string, string>> = {
  queued: 'na fila',
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'não entregue',
  local: 'guardada (WhatsApp local)',
};
