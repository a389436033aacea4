import type { FastifyReply, FastifyRequest } from 'fastify';

/** Content types a browser may send cross-site without a preflight. */
const SIMPLE_CONTENT_TYPES = new Set(['multipart/form-data', 'application/x-www-form-urlencoded', 'text/plain']);

export const CSRF_BLOCKED_MESSAGE = 'Requisição bloqueada: falta o cabeçalho apollo-require-preflight.';

const hasHeader = (value: string | string[] | undefined): boolean =>
  Array.isArray(value) ? value.some((v) => v.trim() !== '') : value !== undefined && value.trim() !== '';

/**
 * A request a browser could send from another site without a CORS preflight (any GET, or a POST with a "simple"
 * or missing content type) must carry a custom header, which only a preflighted same-origin client can add.
 */
export function isCsrfSafe(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  const { method, headers } = request;
  if (hasHeader(headers['apollo-require-preflight']) || hasHeader(headers['x-apollo-operation-name'])) return true;
  if (method === 'GET' || method === 'HEAD') return false;
  if (method !== 'POST') return true;
  const contentType = headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  return contentType !== '' && !SIMPLE_CONTENT_TYPES.has(contentType);
}

/** onRequest hook for the GraphQL route: it runs before the body is read, so a blocked upload is never parsed. */
export function csrfGuard(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (isCsrfSafe(request)) {
    done();
    return;
  }
  void reply
    .code(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ errors: [{ message: CSRF_BLOCKED_MESSAGE, extensions: { code: 'BAD_REQUEST' } }] });
}
