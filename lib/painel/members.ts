// Members' support in the painel (atendimento): its documents (lib/painel/members.graphql) as the screens use them,
// the labels of what the API answers, and the switches the member's page offers.
import { painelRoutes } from '@/common/painel/routes';
import { INVOICE_STATUS_LABELS } from '@/common/painel/invoice-review';

export type {
  StaffMemberDetailFieldsFragment,
  QStaffMemberLedgerQuery,
  StaffMemberNoteFieldsFragment,
  QStaffMemberSearchQuery,
} from './operations.generated';
export {
  QStaffMemberSearchDocument as QStaffMemberSearch,
  QStaffMemberDocument as QStaffMember,
  QStaffMemberLedgerDocument as QStaffMemberLedger,
  QStaffMemberInvoicesDocument as QStaffMemberInvoices,
  QStaffMemberOrdersDocument as QStaffMemberOrders,
  QStaffMemberNotesDocument as QStaffMemberNotes,
  MStaffMemberAddNoteDocument as MStaffMemberAddNote,
  MStaffMemberRequirePasswordChangeDocument as MStaffMemberRequirePasswordChange,
  MStaffMemberConsentDocument as MStaffMemberConsent,
  MStaffMemberChatbotDocument as MStaffMemberChatbot,
  MStaffMemberAccountTypeDocument as MStaffMemberAccountType,
  MStaffMemberSetDisabledDocument as MStaffMemberSetDisabled,
  MStaffMemberEndSessionsDocument as MStaffMemberEndSessions,
} from './operations.generated';

/** /painel/membros/ficha?id=… (a static export: the id is read from the URL). */
export const memberHref = (id: string) => `${painelRoutes.painelMember()}?id=${encodeURIComponent(id)}`;

export const MATCHED_BY_LABELS: Readonly<Record<string, string>> = {
  CPF: 'CPF',
  EMAIL: 'E-mail',
  PHONE: 'Celular',
  NAME: 'Nome',
};

export const ACCOUNT_TYPE_LABELS: Readonly<Record<string, string>> = {
  member: 'Membro',
  editor: 'Editor (vê rascunhos do conteúdo)',
};

export { INVOICE_STATUS_LABELS };

export const PROJECT_STATUS_LABELS: Readonly<Record<string, string>> = {
  received: 'Recebido',
  in_review: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Recusado',
};

export const ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
  requested: 'Solicitado',
  separating: 'Em separação',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};

export const LEDGER_KIND_LABELS: Readonly<Record<string, string>> = {
  CREDIT: 'Crédito',
  BONUS: 'Bônus',
  EXPIRY: 'Expiração',
  ADJUSTMENT: 'Ajuste',
  REDEMPTION: 'Resgate',
  REFUND: 'Estorno',
};

export { NOTE_MAX, NOTE_MESSAGES, NOTE_MIN, noteProblem } from '@/common/painel/member-notes';

export {
  CONSENT_MAX,
  CONSENT_MIN,
  REASON_MAX,
  REASON_MIN,
  SWITCH_MESSAGES,
  switchesFor,
  switchProblem,
  type SwitchKind,
} from '@/common/painel/member-switches';
