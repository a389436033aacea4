import type { FastifyError, FastifyInstance } from 'fastify';
import { INTERNAL_ERROR_MESSAGE } from '../errors/api-errors';
import { newErrorId } from '../errors/error-id';
import { requestErrorMessage } from '../errors/request-errors';
import { unavailability, unavailableMessage, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors/unavailable';

/**
 * Errors of the routes outside GraphQL (files, the session-security receiver, the static site) that Fastify raises
 * before a handler runs (broken JSON, a body too large, a path parameter too long): a pt-BR message and a stable
 * code instead of Fastify's English text and FST_ERR code; anything else is a bug, logged and answered as such. The
 * GraphQL route has its own handler (mercurius's, with the API's error formatter).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    // A refusal already in the API's shape (the request limit's 429) goes as it was written.
    const written = (error as { errors?: unknown }).errors;
    if (status < 500 && Array.isArray(written)) return reply.code(status).send({ errors: written });
    const why = unavailability(error);
    if (why) {
      // The cause stays in the log, the member reads "tente de novo": nothing was done, and it may be tried again.
      request.log.warn({ err: error }, 'Parte do clube indisponível');
      return reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: unavailableMessage(why), code: 'SERVICE_UNAVAILABLE' });
    }
    if (status >= 500) {
      const errorId = newErrorId();
      request.log.error({ err: error, errorId }, 'Erro inesperado');
      return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_SERVER_ERROR', errorId });
    }
    return reply.code(status).send({ message: requestErrorMessage(error, status), code: 'BAD_REQUEST' });
  });
}
