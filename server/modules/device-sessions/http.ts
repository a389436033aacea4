import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/schema';
import { apiRouteTable } from '../../http/api-routes';
import { normalizeIP } from '../../limits/client-address';
import type { LimiterFactory } from '../../limits/limiter-factory';
import { handshake, receiveEnvelope } from './service';

export interface DeviceSessionsHttpOptions {
  db: Db;
  config: AppConfig;
  limiters: LimiterFactory;
}

/**
 * The session-security receiver's HTTP side: the vendor login (/seguranca/login), the envelope submission
 * (/seguranca/envelope) and the IP look-up (/seguranca/ip?format=json). JSON in and out, small bodies, a limit per
 * client address.
 */
export async function deviceSessionsHttp(
  app: FastifyInstance,
  { db, config, limiters }: DeviceSessionsHttpOptions,
): Promise<void> {
  const limiter = limiters({ name: 'device-sessions', max: config.sessionSecurityRequestsPerIp, windowMs: 60_000 });
  const deps = { db, config };
  const limited = async (request: FastifyRequest, reply: FastifyReply, body: object): Promise<boolean> => {
    if ((await limiter.take(`ip:${normalizeIP(request.ip)}`)).allowed) return false;
    await reply.code(429).header('cache-control', 'no-store').send(body);
    return true;
  };

  // The IP's state as a trusted proxy or CDN reports it (e.g. Cloudflare's cf-region-code): only behind TRUST_PROXY,
  // where nobody else can set the header; anything that is not two letters is ignored.
  const proxyRegion = (request: FastifyRequest): string | null => {
    const header = deps.config.trustProxy ? deps.config.geoRegionHeader : undefined;
    const value = header ? request.headers[header] : undefined;
    return typeof value === 'string' && /^[a-z]{2}$/i.test(value.trim()) ? value.trim().toUpperCase() : null;
  };

  const { securityLogin, securityEnvelope, securityIp } = apiRouteTable;

  app.post(securityLogin.path, { bodyLimit: securityLogin.maxBodyBytes }, async (request, reply) => {
    if (await limited(request, reply, { ok: false })) return reply;
    const answer = await handshake(deps, request.body, request.ip);
    return reply
      .code(answer.ok ? 200 : 400)
      .header('cache-control', 'no-store')
      .send(answer);
  });

  app.post(securityEnvelope.path, { bodyLimit: securityEnvelope.maxBodyBytes }, async (request, reply) => {
    if (await limited(request, reply, { ok: false, Envelope: '' })) return reply;
    const answer = await receiveEnvelope(deps, request.body, { ip: request.ip, region: proxyRegion(request) });
    return reply
      .code(answer.ok ? 200 : 400)
      .header('cache-control', 'no-store')
      .send(answer);
  });

  app.get(securityIp.path, async (request, reply) => {
    if (await limited(request, reply, { ip: '' })) return reply;
    return reply.header('cache-control', 'no-store').send({ ip: request.ip });
  });
}
