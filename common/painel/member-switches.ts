// The support switches of a member's page, with the rules the API applies to them (server/modules/members/actions.ts
// reads the same limits and messages): one place for what the form checks first and what the API answers.

/** The reason every switch asks for, and the consent notice's text. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const CONSENT_MIN = 10;
export const CONSENT_MAX = 1000;
export const SWITCH_MESSAGES = {
  choose: 'Escolha o que mudar.',
  reason: 'Informe o motivo: ele fica registrado na auditoria.',
  reasonLength: `O motivo precisa ter de ${REASON_MIN} a ${REASON_MAX} caracteres.`,
  consent: `A mensagem do consentimento precisa ter de ${CONSENT_MIN} a ${CONSENT_MAX} caracteres.`,
} as const;

export type SwitchKind =
  | 'disable'
  | 'enable'
  | 'end-sessions'
  | 'require-password-change'
  | 'consent'
  | 'chatbot-on'
  | 'chatbot-off'
  | 'editor'
  | 'member';

interface SwitchState {
  readonly disabled: boolean;
  readonly chatbot: boolean;
  readonly accountType: string;
  readonly changePasswordRequired: boolean;
  readonly sessions: readonly unknown[];
}

/** The switches that change something for this member, as the page offers them, and what each says once done. */
export function switchesFor(member: SwitchState): { kind: SwitchKind; label: string; done: string }[] {
  const sessions = member.sessions.length;
  return [
    member.disabled
      ? { kind: 'enable' as const, label: 'Reativar a conta', done: 'Conta reativada: o membro já pode entrar.' }
      : {
          kind: 'disable' as const,
          label: 'Desativar a conta (encerra todas as sessões)',
          done: 'Conta desativada e sessões encerradas: ao tentar entrar, o membro lê que a conta está desativada.',
        },
    ...(sessions > 0
      ? [
          {
            kind: 'end-sessions' as const,
            label: `Encerrar todas as sessões (${sessions} ${sessions === 1 ? 'aparelho' : 'aparelhos'})`,
            done: 'Sessões encerradas: o membro entrará de novo em cada aparelho.',
          },
        ]
      : []),
    ...(member.changePasswordRequired
      ? []
      : [
          {
            kind: 'require-password-change' as const,
            label: 'Exigir uma nova senha no próximo acesso',
            done: 'O membro criará uma nova senha no próximo acesso.',
          },
        ]),
    {
      kind: 'consent' as const,
      label: 'Mostrar um aviso de consentimento no próximo acesso',
      done: 'O aviso de consentimento aparecerá no próximo acesso.',
    },
    member.chatbot
      ? { kind: 'chatbot-off' as const, label: 'Desligar o envio de notas pelo chatbot', done: 'Chatbot desligado.' }
      : { kind: 'chatbot-on' as const, label: 'Ligar o envio de notas pelo chatbot', done: 'Chatbot ligado.' },
    member.accountType === 'editor'
      ? { kind: 'member' as const, label: 'Tornar a conta de membro comum', done: 'Tipo de conta: membro.' }
      : {
          kind: 'editor' as const,
          label: 'Tornar a conta de editor (vê rascunhos do conteúdo)',
          done: 'Tipo de conta: editor.',
        },
  ];
}

/** The form's own check, before the API's: the messages are the API's. */
export function switchProblem(
  kind: SwitchKind | '',
  reason: string,
  message: string,
): { field: 'kind' | 'reason' | 'message'; message: string } | null {
  if (kind === '') return { field: 'kind', message: SWITCH_MESSAGES.choose };
  const text = message.trim();
  if (kind === 'consent' && (text.length < CONSENT_MIN || text.length > CONSENT_MAX)) {
    return { field: 'message', message: SWITCH_MESSAGES.consent };
  }
  const why = reason.trim();
  if (why === '') return { field: 'reason', message: SWITCH_MESSAGES.reason };
  if (why.length < REASON_MIN || why.length > REASON_MAX)
    return { field: 'reason', message: SWITCH_MESSAGES.reasonLength };
  return null;
}
