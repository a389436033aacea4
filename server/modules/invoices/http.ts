import type { FastifyInstance } from 'fastify';
import { FILE_EXTENSIONS, FILE_MIME_TYPES, type InvoiceFileKind } from '../../../common/invoices/file-type';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { FILE_ROUTE, verifyFileLink } from './file-links';
import { findOwnedFile, isStoragePathReferenced } from './repository';
import { sweepOrphans } from './storage';

export interface InvoicesHttpOptions {
  db: Db;
  config: AppConfig;
  storage: FileStorage;
}

/** The signed-link route that serves a member's own invoice files, and the start-up sweep of orphaned uploads. */
export async function invoicesHttp(app: FastifyInstance, { db, config, storage }: InvoicesHttpOptions): Promise<void> {
  app.get<{ Params: { fileId: string }; Querystring: { u?: string; e?: string; s?: string } }>(
    FILE_ROUTE,
    async (request, reply) => {
      const fileId = /^\d{1,12}$/.test(request.params.fileId) ? Number(request.params.fileId) : null;
      const link = fileId === null ? null : verifyFileLink(config.jwtSecret, fileId, request.query, config.now());
      const file = fileId !== null && link ? await findOwnedFile(db, fileId, link.userId) : undefined;
      const stored = file ? await storage.get(file.storage_path) : null;
      if (file && !stored) request.log.error({ fileId: file.id }, 'Arquivo de nota sem conteúdo no armazenamento');
      if (!file || !stored) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('Arquivo não encontrado ou link expirado. Abra a nota de novo em Minhas notas fiscais.');
      }
      const kind = file.kind as InvoiceFileKind;
      return reply
        .header('content-type', FILE_MIME_TYPES[kind])
        .header('content-length', String(stored.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header(
          'content-disposition',
          `${kind === 'xml' ? 'attachment' : 'inline'}; filename="nota-${file.invoice_id}-${file.id}.${FILE_EXTENSIONS[kind]}"`,
        )
        .send(stored.body);
    },
  );

  app.addHook('onReady', async () => {
    const now = new Date(config.now());
    const isReferenced = (storagePath: string) => isStoragePathReferenced(db, storagePath);
    const removed = await (async () => {
      // Alone on the folder, what a killed process left in flight goes now: nobody else is writing it.
      const alone = (await storage.registerWriter?.()) ?? false;
      return sweepOrphans(storage, isReferenced, now, alone ? Number.NEGATIVE_INFINITY : undefined);
    })().catch((error: unknown) => {
      app.log.warn({ err: error }, 'Falha ao procurar arquivos órfãos de envios');
      return 0;
    });
    if (removed > 0) app.log.info({ removed }, 'Arquivos órfãos de envios removidos');
  });
}
