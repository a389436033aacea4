import { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { processRequest, type UploadOptions } from 'graphql-upload-minimal';

/**
 * GraphQL multipart requests (invoice files, profile and project photos), read with graphql-upload-minimal's
 * processRequest as the mercurius-upload plugin reads them, with three holes that plugin leaves open closed:
 * - a multipart content type without a boundary made the parser throw before it read the body, and the request
 *   then waited for a body nobody read: it never got an answer;
 * - a part the parser could not read (a null byte in a file name) made it emit a second error after the upload
 *   library had stopped listening: an unhandled 'error' event, which ends the whole process;
 * - the parser's own errors carry no HTTP status, so they were answered as internal errors.
 * Errors leave with a status (400 or 413), and the API's error formatter words them in pt-BR.
 */

const MULTIPART = Symbol('graphql-multipart');

type MultipartRequest = FastifyRequest & { [MULTIPART]?: boolean };

const hasBoundary = (contentType: string | undefined): boolean =>
  /;\s*boundary=(?:"[^"]+"|[^\s;]+)/i.test(contentType ?? '');

/** A request error with a status, which the error formatter answers as a 4xx. */
function requestError(status: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: status });
}

/** The upload library's HttpErrors keep their status; the parser's own errors become a 400. */
function withStatus(error: unknown): Error {
  const status =
    (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return Object.assign(error as Error, { statusCode: status === 499 ? 400 : status });
  }
  return requestError(400, `Malformed multipart request: ${(error as Error).message}`);
}

export function registerGraphqlMultipart(app: FastifyInstance, options: UploadOptions): void {
  app.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
    (request as MultipartRequest)[MULTIPART] = true;
    done(null);
  });

  app.addHook('preValidation', async (request: MultipartRequest, reply) => {
    if (!request[MULTIPART]) return;
    const raw = request.raw;
    if (!hasBoundary(request.headers['content-type'])) {
      // Nothing will read this body: let it flow away so the request can end.
      raw.resume();
      throw requestError(400, 'Malformed multipart request: no boundary');
    }
    // The parser may emit an error after the upload library stopped listening; one listener of our own for the
    // request's whole life keeps that from reaching the process.
    raw.pipe = function pipeWithErrorGuard<T extends NodeJS.WritableStream>(
      destination: T,
      pipeOptions?: { end?: boolean },
    ): T {
      (destination as unknown as Writable).on('error', () => undefined);
      return IncomingMessage.prototype.pipe.call(raw, destination, pipeOptions) as T;
    };
    try {
      request.body = await processRequest(raw, reply.raw, options);
    } catch (error) {
      if (!raw.readableEnded) raw.resume();
      throw withStatus(error);
    }
  });

  // The answer waits for the whole body to arrive, as the mercurius-upload plugin does: a file the resolver did not read is
  // still being received.
  app.addHook('onSend', async (request: MultipartRequest) => {
    if (!request[MULTIPART] || request.raw.readableEnded) return;
    await finished(request.raw).catch(() => undefined);
  });
}
