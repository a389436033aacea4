import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. Nothing in the club's options depends on the request
 * (no nonces), so every answer gets the same set.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

/**
 * helmet's headers on every answer, as @fastify/helmet sets them, without building helmet's middleware again for
 * each request as that plugin does (a tenth of the time of a short request). A route may still replace one of
 * them with its own (the file routes send a stricter Content-Security-Policy).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
