import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { badUserInput } from '../../errors/api-errors';
import { apiRouteTable, locationPathOf, PROFILE_IMAGE_MAX_BYTES } from '../../http/api-routes';
import type { FileStorage } from '../../storage/file-storage';
import { readCapped, UploadTooLarge, type FileUpload } from '../../uploads/file-upload';
import { sniffSignature } from '../../../common/files/signature';
import { loadSharp } from '../../adapters/sharp';

export const PROFILE_IMAGE_URL_PREFIX = locationPathOf(apiRouteTable.profileImage);
const NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type Extension = keyof typeof CONTENT_TYPES;

/** Largest side of a profile photo the API keeps; the app sends a 512 px square. */
export const PROFILE_IMAGE_MAX_SIDE = 4096;

export const PHOTO_MESSAGES = {
  format: 'Envie uma foto JPG, PNG ou WebP.',
  size: 'A foto pode ter no máximo 2 MB.',
  dimensions: `A foto pode ter no máximo ${PROFILE_IMAGE_MAX_SIDE.toLocaleString('pt-BR')} pixels de lado.`,
  receive: 'Não foi possível receber a foto. Tente de novo.',
} as const;

/** The type the bytes say, whatever the file name or declared type claim. */
export function sniffImage(bytes: Buffer): Extension | null {
  const signature = sniffSignature(bytes);
  if (signature === 'jpeg') return 'jpg';
  return signature === 'png' || signature === 'webp' ? signature : null;
}

/**
 * Reads a photo sent as a multipart upload: at most PROFILE_IMAGE_MAX_BYTES are kept (the rest is drained, so the
 * request still ends), and the type comes from the bytes, whatever the file name or declared type say.
 */
export async function receivePhoto(upload: Promise<FileUpload>): Promise<{ bytes: Buffer; ext: Extension }> {
  const fail = (message: string) => badUserInput(message, { photo: message });
  let stream: Readable;
  try {
    stream = (await upload).createReadStream();
  } catch (error) {
    // The parser already cut the file at its own limit (413) or lost the connection.
    throw fail((error as { status?: number }).status === 413 ? PHOTO_MESSAGES.size : PHOTO_MESSAGES.receive);
  }
  let bytes: Buffer;
  try {
    bytes = await readCapped(stream, PROFILE_IMAGE_MAX_BYTES);
  } catch (error) {
    throw fail(error instanceof UploadTooLarge ? PHOTO_MESSAGES.size : PHOTO_MESSAGES.receive);
  }
  const ext = sniffImage(bytes);
  if (!ext) throw fail(PHOTO_MESSAGES.format);
  // The photo is kept as sent, never decoded here; its header must still read as an image of a sane size, or a few
  // bytes claiming ten gigapixels would be handed to every browser that shows it.
  const sharp = await loadSharp();
  const size = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!size?.width || !size.height) throw fail(PHOTO_MESSAGES.format);
  if (size.width > PROFILE_IMAGE_MAX_SIDE || size.height > PROFILE_IMAGE_MAX_SIDE)
    throw fail(PHOTO_MESSAGES.dimensions);
  return { bytes, ext };
}

/** Photos sit under "profile/" in the file storage (DATA_DIR/uploads/profile on the local disk). */
const keyOf = (name: string): string => `profile/${name}`;

/** Stores the photo under a random name and returns the URL path the API serves it from. */
export async function storePhoto(storage: FileStorage, photo: { bytes: Buffer; ext: Extension }): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${photo.ext}`;
  await storage.put(keyOf(name), photo.bytes, CONTENT_TYPES[photo.ext]);
  return `${PROFILE_IMAGE_URL_PREFIX}${name}`;
}

/** The storage key of a photo URL the API gave out; null for a URL that is not ours. */
export function photoKeyOf(url: string | null): string | null {
  if (!url?.startsWith(PROFILE_IMAGE_URL_PREFIX)) return null;
  const name = url.slice(PROFILE_IMAGE_URL_PREFIX.length);
  return NAME.test(name) ? keyOf(name) : null;
}

/** Removes a stored photo; a missing file or a URL that is not ours is ignored. */
export async function removePhoto(storage: FileStorage, url: string | null): Promise<void> {
  const key = photoKeyOf(url);
  if (key !== null) await storage.delete(key).catch(() => undefined);
}

/**
 * Serves one photo by its random name. Photos are not secret (owner-only is not needed), but the storage is never
 * listed: only a name of the exact generated shape is looked up.
 */
export function registerProfileImageRoute(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { name: string } }>(apiRouteTable.profileImage.path, async (request, reply) => {
    const { name } = request.params;
    const match = NAME.exec(name);
    const stored = match ? await storage.get(keyOf(name)) : null;
    if (!match || !stored) return reply.code(404).type('text/plain; charset=utf-8').send('Não encontrado.');
    return reply
      .type(CONTENT_TYPES[match[1] as Extension])
      .header('content-length', String(stored.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(stored.body);
  });
}
