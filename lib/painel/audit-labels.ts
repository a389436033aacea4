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
  'invoice.take': 'Nota reservada para análise',
  'invoice.take-over': 'Nota assumida de outro revisor',
  'arquivo.abrir': 'Arquivo aberto no painel',
  'invoice.approve': 'Nota aprovada',
  'invoice.reject': 'Nota recusada',
  'invoice.sefaz-cancel': 'Nota cancelada pela Sefaz (pontos estornados)',
  'project.take': 'Projeto aberto para análise',
  'project.approve': 'Projeto aprovado',
  'project.reject': 'Projeto recusado',
  'project.publish': 'Projeto publicado',
  'store.add': 'Loja cadastrada',
  'store.disable': 'Loja desativada',
  'store.enable': 'Loja reativada',
  'kiosk.code': 'Código de totem criado',
  'reward.separate': 'Resgate em separação',
  'reward.ship': 'Resgate enviado',
  'reward.deliver': 'Resgate entregue',
  'reward.cancel': 'Resgate cancelado (pontos devolvidos)',
  'reward.release': 'Resgate liberado da análise',
  'reward.stock': 'Estoque de prêmio',
  'reward.codes': 'Códigos de prêmio carregados',
  'reward.import': 'Prêmio importado',
  'partner.confirm': 'Transferência ao parceiro confirmada',
  'partner.refuse': 'Transferência ao parceiro recusada',
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

/** Every action the club writes to the audit trail, in order: the painel's filter lists these. */
export const AUDIT_ACTIONS: readonly string[] = Object.keys(ACTION_LABELS).sort();

export const ACTOR_KIND_LABELS: Readonly<Record<string, string>> = {
  STAFF: 'painel',
  TERMINAL: 'terminal',
  SYSTEM: 'sistema',
};

/** `{"roles":["revisor"]}` → `roles: revisor`, for a table cell; anything else as it came. */
export function changeText(json: string | null): string {
  if (!json) return '—';
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(value)
      .map(([key, v]) => `${key}: ${Array.isArray(v) ? v.join(', ') : v === null ? '—' : String(v)}`)
      .join('; ');
  } catch {
    return json;
  }
}
