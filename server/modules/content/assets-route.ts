import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/schema';
import { apiRouteTable } from '../../http/api-routes';
import { findAsset } from './repository';

const ASSET_ID = /^[0-9a-f]{32}\.(png|jpg|webp|gif|svg)$/;

/**
 * Serves the images imported with the content from the database, so every API process behind a load balancer has
 * them without a shared volume. The id is a hash of the bytes, so a URL never changes meaning and caches for good.
 */
export function registerContentAssets(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>(apiRouteTable.contentImage.path, async (request, reply) => {
    const { id } = request.params;
    const asset = ASSET_ID.test(id) ? await findAsset(db, id) : undefined;
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Imagem não encontrada.');
    return (
      reply
        .type(asset.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(Buffer.from(asset.bytes))
    );
  });
}
