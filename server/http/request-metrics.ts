import type { FastifyInstance, onResponseHookHandler, RouteOptions } from 'fastify';
import { httpRequestDuration } from '../metrics/registry';
import { withHook } from './route-hooks';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/**
 * Each route's answers in `clube_http_request_duration_seconds`, labelled with the route's pattern (never the URL,
 * whose ids and signatures would make a series per request). The hook is put on each route as it is declared, so a
 * request pays no look-up of which route it is on. Only with METRICS_PORT set: nothing scrapes it otherwise.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url;
    const observe: onResponseHookHandler = (request, reply, done) => {
      const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
      httpRequestDuration.observe({ route: path, method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = withHook(route.onResponse, observe);
  });
}
