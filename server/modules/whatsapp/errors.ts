/**
 * The channel's refusals: a stable code for the route (and Meta's logs) and a pt-BR message. One class, so the
 * module's actions can be re-pointed to the club's shared domain error without touching their callers.
 */
export const WHATSAPP_REFUSALS = {
  CANAL_NAO_CONFIGURADO: { status: 404, message: 'O WhatsApp não está configurado neste clube.' },
  ASSINATURA_INVALIDA: { status: 401, message: 'A assinatura da chamada não confere.' },
  CORPO_FORA_DO_CONTRATO: { status: 400, message: 'O corpo da chamada não é JSON.' },
  VERIFICACAO_RECUSADA: { status: 403, message: 'O token de verificação não confere.' },
  FORA_DA_JANELA: {
    status: 409,
    message: 'A última mensagem do membro tem mais de 24 horas: só um modelo aprovado pode ser enviado agora.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type WhatsappRefusal = keyof typeof WHATSAPP_REFUSALS;

export class WhatsappDomainError extends Error {
  readonly code: WhatsappRefusal;
  constructor(code: WhatsappRefusal) {
    super(WHATSAPP_REFUSALS[code].message);
    this.name = 'WhatsappDomainError';
    this.code = code;
  }
}
