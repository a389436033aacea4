import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { badUserInput } from '../../graphql/errors';

export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_URL_PREFIX = '/uploads/profile/';
const NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type Extension = keyof typeof CONTENT_TYPES;

export const PHOTO_MESSAGES = {
  format: 'Envie uma foto JPG, PNG ou WebP.',
  size: 'A foto pode ter no máximo 2 MB.',
} as const;

/** The type the bytes say, whatever the data URL claims. */
export function sniffImage(bytes: Buffer): Extension | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Decodes a base64 data URL, refusing anything over the limit before decoding it. */
export function decodePhoto(dataUrl: string): { bytes: Buffer; ext: Extension } {
  const fail = (message: string) => badUserInput(message, { photo: message });
  const match = /^data:image\/(?:jpeg|jpg|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match?.[1]) throw fail(PHOTO_MESSAGES.format);
  if (Math.floor((match[1].length * 3) / 4) > PROFILE_IMAGE_MAX_BYTES + 2) throw fail(PHOTO_MESSAGES.size);
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw fail(PHOTO_MESSAGES.size);
  const ext = sniffImage(bytes);
  if (!ext) throw fail(PHOTO_MESSAGES.format);
  return { bytes, ext };
}

export const profileImageDir = (dataDir: string): string => path.join(dataDir, 'uploads', 'profile');

/** Writes the photo under a random name and returns the URL path the API serves it from. */
export async function storePhoto(dataDir: string, photo: { bytes: Buffer; ext: Extension }): Promise<string> {
  const dir = profileImageDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${photo.ext}`;
  await writeFile(path.join(dir, name), photo.bytes, { mode: 0o640 });
  return `${PROFILE_IMAGE_URL_PREFIX}${name}`;
}

/** Removes a stored photo; a missing file or a URL that is not ours is ignored. */
export async function removePhoto(dataDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(PROFILE_IMAGE_URL_PREFIX)) return;
  const name = url.slice(PROFILE_IMAGE_URL_PREFIX.length);
  if (!NAME.test(name)) return;
  await unlink(path.join(profileImageDir(dataDir), name)).catch(() => undefined);
}

/**
 * Serves one photo by its random name. Photos are not secret (owner-only is not needed), but the folder is never
 * listed: only a name of the exact generated shape is looked up.
 */
export function registerProfileImageRoute(app: FastifyInstance, dataDir: string): void {
  app.get<{ Params: { name: string } }>(`${PROFILE_IMAGE_URL_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    const match = NAME.exec(name);
    const file = path.join(profileImageDir(dataDir), name);
    if (
      !match ||
      !(await stat(file).then(
        (s) => s.isFile(),
        () => false,
      ))
    ) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Não encontrado.');
    }
    return reply
      .type(CONTENT_TYPES[match[1] as Extension])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  });
}
