import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { FILE_EXTENSIONS, FILE_MIME_TYPES, type InvoiceFileKind } from '../../../lib/invoices/file-type';
import { PAINEL_API_PATHS } from '../../../lib/painel/api-paths';
import type { ModuleDeps } from '../club-module';

/** How long a painel file link stays valid: enough to open the invoice, too short to pass around. */
export const STAFF_FILE_LINK_TTL_MS = 5 * 60 * 1000;
export const STAFF_FILE_ROUTE = `${PAINEL_API_PATHS.invoiceFiles}:fileId`;

/** A key of its own, derived from the server secret: a member's file link never opens a painel one, nor the reverse. */
const signature = (secret: Uint8Array, fileId: number, staffId: number, expires: number): string => {
  const key = createHmac('sha256', secret).update('painel-invoice-files').digest();
  return createHmac('sha256', key).update(`${fileId}:${staffId}:${expires}`).digest('base64url');
};

/** A link a reviewer's page opens (an <img>, an <iframe>): signed for that file and that staff member, a few minutes. */
export function staffFileUrl(secret: Uint8Array, fileId: number, staffId: number, now: number): string {
  const expires = now + STAFF_FILE_LINK_TTL_MS;
  return `${PAINEL_API_PATHS.invoiceFiles}${fileId}?k=${staffId}&e=${expires}&s=${signature(secret, fileId, staffId, expires)}`;
}

export function verifyStaffFileLink(
  secret: Uint8Array,
  fileId: number,
  query: { k?: string; e?: string; s?: string },
  now: number,
): boolean {
  const staffId = Number(query.k);
  const expires = Number(query.e);
  if (!Number.isInteger(staffId) || !Number.isInteger(expires) || typeof query.s !== 'string') return false;
  if (expires < now || expires > now + STAFF_FILE_LINK_TTL_MS) return false;
  const expected = Buffer.from(signature(secret, fileId, staffId, expires));
  const given = Buffer.from(query.s);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * GET /painel/arquivos/:fileId?k=&e=&s=: an invoice file for the painel, from the storage adapter (disk or S3), never
 * a bucket's URL. Shown in the page (inline), never cached; only the painel's own pages may frame it (the PDF).
 */
export const staffFilesRoute: FastifyPluginAsync<ModuleDeps> = async (app, { db, config, storage }) => {
  app.get<{ Params: { fileId: string }; Querystring: { k?: string; e?: string; s?: string } }>(
    STAFF_FILE_ROUTE,
    async (request, reply) => {
      const fileId = /^\d{1,12}$/.test(request.params.fileId) ? Number(request.params.fileId) : null;
      const valid = fileId !== null && verifyStaffFileLink(config.jwtSecret, fileId, request.query, config.now());
      const file = valid
        ? await db.selectFrom('invoice_files').selectAll().where('id', '=', fileId).executeTakeFirst()
        : undefined;
      const stored = file ? await storage.get(file.storage_path) : null;
      if (!file || !stored) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Arquivo não encontrado ou link expirado. Abra a nota de novo no painel.');
      }
      const kind = file.kind as InvoiceFileKind;
      // Chrome's PDF viewer does not run in a sandboxed document; images and XML are sandboxed.
      const sandbox = kind === 'pdf' ? '' : '; sandbox';
      return reply
        .header('content-type', FILE_MIME_TYPES[kind])
        .header('content-length', String(stored.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'SAMEORIGIN')
        .header(
          'content-security-policy',
          `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'${sandbox}`,
        )
        .header('content-disposition', `inline; filename="nota-${file.invoice_id}-${file.id}.${FILE_EXTENSIONS[kind]}"`)
        .send(stored.body);
    },
  );
};
