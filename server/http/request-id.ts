import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header nginx fills with its `$request_id` and the API sends back on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** nginx's ids are 32 hex digits; anything of this shape is taken, nothing that could bend a log line. */
const USABLE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Fastify's `genReqId`: behind a trusted proxy, the id it gave the request (so its access log and the API's lines
 * share one id); otherwise, or when the header is missing or odd, a new random one. A client talking to the API
 * directly never picks its own id, which could otherwise pose as another request's.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = trustProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && USABLE_ID.test(given) ? given : randomBytes(16).toString('hex');
  };
}

/**
 * Every answer carries its request's id, errors and refusals included (onSend runs for all of them), so a member's
 * failed request can be found in the log (reqId) by the id the browser saw.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
}
