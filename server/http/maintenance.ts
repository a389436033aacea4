import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_CODE, MAINTENANCE_MESSAGE } from '../../common/network/maintenance';
import { allApiRoutes } from './api-routes';

export interface MaintenanceOptions {
  /** Seconds the answer's Retry-After asks a client to wait (MAINTENANCE_RETRY_AFTER). */
  readonly retryAfterSeconds: number;
  /** CORS_ORIGIN: an app served from another host must still be able to read the answer. */
  readonly corsOrigin: string | undefined;
}

/**
 * MAINTENANCE=true: every API route (GraphQL, files, ALTCHA, the session-security receiver) answers 503 with
 * Retry-After and a pt-BR message with a stable code, before the CSRF check, the rate limits, reading the body or a
 * token; nothing runs, so no session changes. The export is still served, so the app can show its maintenance
 * screen. Register it before any other request hook.
 */
export function registerMaintenance(app: FastifyInstance, { retryAfterSeconds, corsOrigin }: MaintenanceOptions): void {
  const apiPaths = new Set(allApiRoutes.map(([, route]) => route.path));
  const allowedOrigin = corsOrigin === undefined ? undefined : new URL(corsOrigin).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!apiPaths.has(request.routeOptions.url ?? '')) return;
    // This answer leaves before @fastify/cors's own hook would run.
    if (allowedOrigin !== undefined && request.headers.origin === allowedOrigin) {
      void reply.header('access-control-allow-origin', allowedOrigin).header('vary', 'Origin');
    }
    return reply
      .code(503)
      .header('retry-after', String(retryAfterSeconds))
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ errors: [{ message: MAINTENANCE_MESSAGE, extensions: { code: MAINTENANCE_CODE, retryAfterSeconds } }] });
  });
}
