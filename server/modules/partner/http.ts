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
 * POST /api/parceiro/callback: the partner's answer to a transfer, signed with the callback secret over the
 * timestamp and the raw body (README). A forged or stale callback answers 401, the same one sent again 409, and only
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
    if (!(await limiter.take(`ip:${normalizeIP(request.ip)}`)).allowed) {
      return reply.code(429).send({ ok: false, error: 'too many callbacks' });
    }
    const settings = config.pointsPartner;
    if (!settings) return reply.code(404).send({ ok: false, error: 'no points partner configured' });
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
      return reply
        .code(401)
        .send({ ok: false, error: check === 'stale' ? 'timestamp outside the window' : 'bad signature' });
    }
    const now = new Date(nowMs);
    const signature = header(request.headers[CALLBACK_SIGNATURE_HEADER])!;
    if (!(await repo.takeCallbackSignature(db, signature, now.toISOString()))) {
      return reply.code(409).send({ ok: false, error: 'callback already received' });
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    const parsed = callbackBody.safeParse(json);
    if (!parsed.success) return reply.code(400).send({ ok: false, error: 'body outside the contract' });
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
    if (!settled) return reply.code(404).send({ ok: false, error: 'unknown transfer' });
    return reply.send({ ok: true, status: settled.transfer.status, late: settled.late });
  });
}
