import type { FastifyInstance } from 'fastify';

/** Response header naming the API process that answered (INSTANCE_NAME). */
export const INSTANCE_HEADER = 'x-clube-instance';

/**
 * Every response of this process, errors, 404s and rate-limit refusals included, carries its name: onSend runs for
 * all of them, while an onRequest hook would be skipped by a refusal sent before it.
 */
export function registerInstanceHeader(app: FastifyInstance, instanceName: string): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    void reply.header(INSTANCE_HEADER, instanceName);
    done(null, payload);
  });
}
