import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER, checkCallback } from '../../adapters/points-partner';
import { apiRouteTable } from '../../http/api-routes';
import { normalizeIP } from '../../limits/client-address';
import type { ModuleDeps } from '../club-module';
import * as repo from './repository';
import { settleTransfer } from './settle';

/** Callbacks one address may send in a minute: far above what a partner answers, far below a flood. */
export const CALLBACKS_PER_MINUTE = 120;

const callbackBody = z.object({
  transferId: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().positive()]),
  status: z.enum(['confirmed', 'refused']),
  reference: z.string().max(100).nullish(),
  reason: z.string().trim().min(1).max(300).nullish(),
});

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Every refusal of the callback: a stable `code` for the partner's program to branch on, and a pt-BR `message` for
 * the person who reads its logs (docs/partner-callback.md). Codes never change once published; messages may.
 */
export const CALLBACK_REFUSALS = {
  MUITAS_CHAMADAS: { status: 429, message: 'Chamadas demais deste endereço; tente de novo em um minuto.' },
  PARCEIRO_NAO_CONFIGURADO: { status: 404, message: 'Nenhum programa parceiro está configurado neste clube.' },
  HORARIO_FORA_DA_JANELA: { status: 401, message: 'O horário da chamada está fora da janela aceita.' },
  ASSINATURA_INVALIDA: { status: 401, message: 'A assinatura da chamada não confere.' },
  CHAMADA_REPETIDA: { status: 409, message: 'Esta chamada já foi recebida.' },
  CORPO_FORA_DO_CONTRATO: { status: 400, message: 'O corpo da chamada está fora do contrato.' },
  TRANSFERENCIA_DESCONHECIDA: { status: 404, message: 'Transferência desconhecida.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type CallbackRefusalCode = keyof typeof CALLBACK_REFUSALS;

/**
 * POST /api/parceiro/callback: the partner's answer to a transfer, signed with the callback secret over the
 * timestamp and the raw body (docs/rewards-and-partner.md). A forged or stale callback answers 401, the same one sent again 409, and only
 * a good one settles the transfer. The body is read as text here (this plugin only), since the signature covers
 * the bytes as sent.
 */
export async function partnerHttp(app: FastifyInstance, { db, config, limiters }: ModuleDeps): Promise<void> {
  const route = apiRouteTable.partnerCallback;
  const limiter = limiters({ name: 'partner-callback', max: CALLBACKS_PER_MINUTE, windowMs: 60_000 });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: route.maxBodyBytes },
    (_req, body, done) => done(null, body),
  );

  app.post(route.path, { bodyLimit: route.maxBodyBytes }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const refuse = (code: CallbackRefusalCode) =>
      reply.code(CALLBACK_REFUSALS[code].status).send({ ok: false, code, message: CALLBACK_REFUSALS[code].message });
    if (!(await limiter.take(`ip:${normalizeIP(request.ip)}`)).allowed) {
      return refuse('MUITAS_CHAMADAS');
    }
    const settings = config.pointsPartner;
    if (!settings) return refuse('PARCEIRO_NAO_CONFIGURADO');
    const raw = typeof request.body === 'string' ? request.body : '';
    const nowMs = config.now();
    const check = checkCallback(
      settings.callbackSecret,
      header(request.headers[CALLBACK_TIMESTAMP_HEADER]),
      header(request.headers[CALLBACK_SIGNATURE_HEADER]),
      raw,
      nowMs,
    );
    if (check !== 'ok') {
      request.log.warn({ check }, 'Callback do parceiro de pontos recusado');
      return refuse(check === 'stale' ? 'HORARIO_FORA_DA_JANELA' : 'ASSINATURA_INVALIDA');
    }
    const now = new Date(nowMs);
    const signature = header(request.headers[CALLBACK_SIGNATURE_HEADER])!;
    if (!(await repo.takeCallbackSignature(db, signature, now.toISOString()))) {
      return refuse('CHAMADA_REPETIDA');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    const parsed = callbackBody.safeParse(json);
    if (!parsed.success) return refuse('CORPO_FORA_DO_CONTRATO');
    const { transferId, status, reference, reason } = parsed.data;
    const settled = await settleTransfer(
      db,
      Number(transferId),
      status === 'confirmed'
        ? { kind: 'confirmed', reference }
        : { kind: 'refused', reason: reason ?? 'Recusada pelo programa parceiro.' },
      'parceiro',
      now,
    );
    if (!settled) return refuse('TRANSFERENCIA_DESCONHECIDA');
    return reply.send({ ok: true, status: settled.transfer.status, late: settled.late });
  });
}
