import { formatDateTime } from '../format/dates';
import { ROLE_INFO, type StaffRole } from './roles';
/** pt-BR names of the audit trail's actions; an action without one shows as it is stored. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'staff.invite': 'Convite para a equipe',
  'staff.setup': 'Ativação do acesso',
  'staff.login': 'Entrada no painel',
  'staff.logout': 'Saída do painel',
  'staff.roles': 'Funções alteradas',
  'staff.disable': 'Conta da equipe desativada',
  'staff.enable': 'Conta da equipe reativada',
  'staff.reset-totp': 'Autenticador refeito',
  'staff.demo-secrets': 'Conta de demonstração: senha e chave novas',
  'staff.remove-demo': 'Conta de demonstração removida',
  'audit.export': 'Auditoria exportada',
  'member.require-password-change': 'Membro: troca de senha exigida',
  'member.consent': 'Membro: aviso de consentimento',
  'member.chatbot-on': 'Membro: chatbot ligado',
  'member.chatbot-off': 'Membro: chatbot desligado',
  'member.account-type': 'Membro: tipo de conta',
  'member.disable': 'Membro desativado',
  'member.enable': 'Membro reativado',
  'member.end-sessions': 'Membro: sessões encerradas',
  'member.remove-demo': 'Membro de demonstração removido',
  'member.note': 'Membro: nota interna',
  'invoice.take': 'Nota reservada para análise',
  'invoice.take-over': 'Nota assumida de outro revisor',
  'arquivo.abrir': 'Arquivo aberto no painel',
  'invoice.approve': 'Nota aprovada',
  'invoice.approve-request': 'Aprovação de nota pedida (espera a segunda pessoa)',
  'invoice.reverse': 'Aprovação de nota estornada',
  'invoice.reject': 'Nota recusada',
  'invoice.sefaz-cancel': 'Nota cancelada pela Sefaz (pontos estornados)',
  'invoice.export': 'Fila de notas exportada (CSV)',
  'invoice.assign': 'Nota atribuída a um revisor',
  'reward.export': 'Pedidos de prêmios exportados (CSV)',
  'project.take': 'Projeto aberto para análise',
  'project.approve': 'Projeto aprovado',
  'project.approve-request': 'Aprovação de projeto pedida (espera a segunda pessoa)',
  'project.reject': 'Projeto recusado',
  'project.publish': 'Projeto publicado',
  'project.unpublish': 'Projeto despublicado',
  'adjustment.apply': 'Ajuste de pontos aplicado',
  'adjustment.approve-request': 'Ajuste de pontos pedido (espera outro admin)',
  'adjustment.refuse': 'Ajuste de pontos recusado',
  'adjustment.reverse': 'Ajuste de pontos estornado',
  'products.import': 'Catálogo de produtos importado',
  'rule.add': 'Regra de pontos criada',
  'rule.end': 'Regra de pontos encerrada',
  'rule.replace': 'Regra de pontos substituída',
  'store.add': 'Loja cadastrada',
  'store.disable': 'Loja desativada',
  'store.enable': 'Loja reativada',
  'kiosk.code': 'Código de totem criado',
  'reward.separate': 'Resgate em separação',
  'reward.ship': 'Resgate enviado',
  'reward.tracking': 'Rastreio de resgate corrigido',
  'reward.deliver': 'Resgate entregue',
  'reward.cancel': 'Resgate cancelado (pontos devolvidos)',
  'reward.release': 'Resgate liberado da análise',
  'reward.stock': 'Estoque de prêmio',
  'reward.codes': 'Códigos de prêmio carregados',
  'reward.import': 'Prêmio importado',
  'partner.confirm': 'Transferência ao parceiro confirmada',
  'partner.refuse': 'Transferência ao parceiro recusada',
  'partner.link': 'Conta no parceiro vinculada',
  'partner.unlink': 'Conta no parceiro desvinculada',
  'partner.request': 'Transferência ao parceiro pedida',
  'whatsapp.reply': 'WhatsApp: resposta ao membro',
  'whatsapp.end-handover': 'WhatsApp: atendimento encerrado',
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

/** Every action the club writes to the audit trail, in order: the painel's filter lists these. */
export const AUDIT_ACTIONS: readonly string[] = Object.keys(ACTION_LABELS).sort();

export const ACTOR_KIND_LABELS: Readonly<Record<string, string>> = {
  STAFF: 'painel',
  TERMINAL: 'terminal',
  SYSTEM: 'sistema',
  MEMBER: 'membro',
};

/** pt-BR names of the fields an audit line's before → after holds; a field without one shows as it is stored. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'situação',
  points: 'pontos',
  reason: 'motivo',
  reference: 'referência no parceiro',
  accountId: 'conta no parceiro',
  lateAnswer: 'resposta tardia',
  again: 'resposta repetida',
  detail: 'detalhe',
  roles: 'funções',
  name: 'nome',
  email: 'e-mail',
  active: 'ativa',
  city: 'cidade',
  uf: 'UF',
  cnpj: 'CNPJ',
  published: 'publicado',
  stock: 'estoque',
  free: 'códigos livres',
  added: 'códigos novos',
  skipped: 'já existiam',
  how: 'como',
  draft: 'rascunho',
  file: 'arquivo',
  held: 'retido',
  until: 'até',
  with: 'com',
  expiresAt: 'vale até',
  setupLinkExpiresAt: 'link vale até',
  reversedPoints: 'pontos estornados',
  refundedPoints: 'pontos devolvidos',
  trackingCode: 'código de rastreio',
  carrier: 'transportadora',
  disabled_at: 'desativada em',
  disabledAt: 'desativada em',
  change_password_required: 'troca de senha exigida',
  consent_pending: 'aviso de consentimento pendente',
  consent_message: 'texto do aviso',
  chatbot_invoice_upload_enabled: 'chatbot',
  account_type: 'tipo de conta',
  accountType: 'tipo de conta',
  sessions: 'sessões',
  note: 'nota interna',
  sefaz: 'Sefaz',
  to: 'atribuída a',
  copyOf: 'cópia da nota',
  bulk: 'em lote',
};

/** pt-BR names of the statuses an audit line stores (invoices, projects, orders, transfers, staff accounts). */
const VALUE_LABELS: Readonly<Record<string, string>> = {
  received: 'recebida',
  in_review: 'em análise',
  approved: 'aprovada',
  rejected: 'recusada',
  requested: 'solicitado',
  separating: 'em separação',
  shipped: 'enviado',
  delivered: 'entregue',
  cancelled: 'cancelado',
  completed: 'concluída',
  refused: 'recusada',
  active: 'ativa',
  disabled: 'desativada',
  pending: 'aguardando ativação',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** One stored value as staff read it: times in São Paulo, yes/no, statuses and roles in pt-BR. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(valueText).join(', ');
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return formatDateTime(value);
    return VALUE_LABELS[value.toLowerCase()] ?? (value in ROLE_INFO ? ROLE_INFO[value as StaffRole].label : value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * `{"status":"requested"}` → `situação: solicitado`, `{"disabled_at":"2026-11-28T21:18:05.921Z"}` → `desativada em:
 * 28/11/2026 18:18`, for a table cell; anything else as it came.
 */
export function changeText(json: string | null): string {
  if (!json) return '—';
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(value)
      .map(([key, v]) => `${FIELD_LABELS[key] ?? key}: ${valueText(v)}`)
      .join('; ');
  } catch {
    return json;
  }
}

/** pt-BR names of the objects an audit line names. */
const OBJECT_LABELS: Readonly<Record<string, string>> = {
  invoice: 'nota',
  project: 'projeto',
  adjustment: 'ajuste de pontos',
  member: 'membro',
  staff: 'equipe',
  store: 'loja',
  reward: 'prêmio',
  reward_order: 'pedido',
  partner_transfer: 'transferência',
  arquivo: 'arquivo',
};

export const objectTypeLabel = (type: string): string => OBJECT_LABELS[type] ?? type;
