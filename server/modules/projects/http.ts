import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { PHOTO_ROUTE, verifyPhotoLink } from './file-links';
import { sweepUnknownPhotoFiles } from './photos';
import { findPhotoForLink, isPhotoPathReferenced } from './repository';

export interface ProjectsHttpOptions {
  db: Db;
  config: AppConfig;
  storage: FileStorage;
}

/** The signed-link route that serves project photos: to their owner, or to anyone once the project is published. */
export async function projectsHttp(app: FastifyInstance, { db, config, storage }: ProjectsHttpOptions): Promise<void> {
  app.get<{ Params: { photoId: string }; Querystring: { u?: string; e?: string; t?: string; s?: string } }>(
    PHOTO_ROUTE,
    async (request, reply) => {
      const photoId = /^\d{1,12}$/.test(request.params.photoId) ? Number(request.params.photoId) : null;
      const link = photoId === null ? null : verifyPhotoLink(config.jwtSecret, photoId, request.query, config.now());
      const photo = photoId !== null && link ? await findPhotoForLink(db, photoId) : undefined;
      const allowed = !!photo && !!link && (photo.user_id === link.userId || photo.published_at !== null);
      const key = photo && link ? (link.variant === 'thumbnail' ? photo.thumbnail_path : photo.storage_path) : null;
      const stored = allowed && key ? await storage.get(key) : null;
      if (allowed && !stored) request.log.error({ photoId }, 'Foto de projeto sem conteúdo no armazenamento');
      if (!allowed || !stored) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('Foto não encontrada ou link expirado. Abra o projeto de novo em Meus projetos.');
      }
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(stored.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stored.body);
    },
  );

  // Alone on the folder after a crash, photo files a killed process stored without committing their row go now;
  // otherwise the hourly sweep takes them once they are an hour old.
  app.addHook('onReady', async () => {
    const removed = await (async () => {
      if (!((await storage.registerWriter?.()) ?? false)) return 0;
      const isReferenced = (key: string) => isPhotoPathReferenced(db, key);
      return sweepUnknownPhotoFiles(storage, isReferenced, new Date(config.now()), Number.NEGATIVE_INFINITY);
    })().catch((error: unknown) => {
      app.log.warn({ err: error }, 'Falha ao procurar fotos órfãs de projetos');
      return 0;
    });
    if (removed > 0) app.log.info({ removed }, 'Fotos órfãs de projetos removidas');
  });
}
