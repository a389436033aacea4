// Project photos: read from the upload with a size cap, typed by their bytes, and re-encoded without metadata.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Sharp } from 'sharp';
import { sniffSignature } from '../../../common/files/signature';
import { loadSharp } from '../../adapters/sharp';
import { PROJECT_PHOTO_MAX_BYTES } from '../../../common/projects/limits';
import type { FileStorage } from '../../storage/file-storage';
import { readCapped, UploadTooLarge, type FileUpload } from '../../uploads/file-upload';
import { sweepUnreferenced } from '../../storage/sweep';

/** Long side of the photo the project page shows, and of its thumbnail in lists. */
export const DISPLAY_LONG_SIDE = 2560;
export const THUMBNAIL_LONG_SIDE = 480;
/**
 * Decoding is where a photo costs memory (a 48 MP phone photo is ~190 MB of pixels): a picture above this many
 * pixels is refused before it is decoded, and at most RE_ENCODES_AT_ONCE photos are decoded at a time per process.
 */
export const MAX_INPUT_PIXELS = 64_000_000;
const RE_ENCODES_AT_ONCE = 2;

export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'heic';
const PHOTO_KINDS = new Set<string>(['jpeg', 'png', 'webp', 'heic']);

export const PHOTO_MESSAGES = {
  tooBig: 'A foto tem mais de 10 MB. Escolha uma foto menor.',
  empty: 'O arquivo da foto está vazio.',
  badType: 'Este arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou HEIC.',
  unreadable: 'Não foi possível ler esta foto. Tente outra foto ou tire um print dela.',
  heic: 'Não foi possível ler esta foto HEIC. No iPhone, envie como JPEG (Ajustes › Câmera › Formatos › Mais compatível) ou tire um print dela.',
  tooManyPixels: 'A foto tem resolução grande demais. Envie uma foto de até 64 megapixels.',
  receive: 'Não foi possível receber a foto. Tente de novo.',
} as const;

/** A refused photo; its message is pt-BR and safe to show. */
export class PhotoRejected extends Error {}

/** The photo type its first bytes say, whatever its name or declared type claim. */
export function sniffPhoto(bytes: Uint8Array): PhotoKind | null {
  const signature = sniffSignature(bytes);
  return signature !== null && PHOTO_KINDS.has(signature) ? (signature as PhotoKind) : null;
}

/**
 * Reads one uploaded photo, keeping at most PROJECT_PHOTO_MAX_BYTES (the rest is drained so the request ends): a
 * photo is decoded whole anyway, so holding its ≤10 MB of compressed bytes is the smallest the re-encoding needs.
 */
export async function readPhoto(upload: Promise<FileUpload>): Promise<{ bytes: Buffer; kind: PhotoKind }> {
  let stream: Readable;
  try {
    stream = (await upload).createReadStream();
  } catch (error) {
    // The parser already cut the file at its own limit (413) or lost the connection.
    throw new PhotoRejected(
      (error as { status?: number }).status === 413 ? PHOTO_MESSAGES.tooBig : PHOTO_MESSAGES.receive,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readCapped(stream, PROJECT_PHOTO_MAX_BYTES);
  } catch (error) {
    throw new PhotoRejected(error instanceof UploadTooLarge ? PHOTO_MESSAGES.tooBig : PHOTO_MESSAGES.receive);
  }
  if (bytes.length === 0) throw new PhotoRejected(PHOTO_MESSAGES.empty);
  const kind = sniffPhoto(bytes);
  if (!kind) throw new PhotoRejected(PHOTO_MESSAGES.badType);
  return { bytes, kind };
}

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface EncodedPhoto {
  format: 'webp';
  display: EncodedImage;
  thumbnail: EncodedImage;
}

/** A small counting semaphore: re-encodes beyond the limit wait their turn instead of decoding at once. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const oneAtATime = limiter(RE_ENCODES_AT_ONCE);

const encode = async (input: Sharp, longSide: number, quality: number): Promise<EncodedImage> => {
  const { data, info } = await input
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
};

/**
 * Re-encodes a photo as WebP: turned upright from its EXIF orientation, then written without any metadata (sharp
 * keeps none unless asked: no EXIF, no GPS position of the customer's house, no XMP, no ICC profile). The thumbnail
 * is made from the display size, so the original is decoded once.
 */
export function reencodePhoto(bytes: Buffer, kind: PhotoKind): Promise<EncodedPhoto> {
  return oneAtATime(async () => {
    const sharp = await loadSharp();
    try {
      const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true }).rotate();
      const display = await encode(source, DISPLAY_LONG_SIDE, 80);
      const thumbnail = await encode(sharp(display.bytes), THUMBNAIL_LONG_SIDE, 72);
      return { format: 'webp', display, thumbnail };
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) throw new PhotoRejected(PHOTO_MESSAGES.tooManyPixels);
      throw new PhotoRejected(kind === 'heic' ? PHOTO_MESSAGES.heic : PHOTO_MESSAGES.unreadable);
    }
  });
}

/** Project photos sit under "projects/" in the file storage, apart from invoice files and profile photos. */
export const PHOTO_PREFIX = 'projects/';
const STORED = /^projects\/\d{4}\/\d{2}\/[0-9a-f-]{36}(-mini)?\.webp$/;

export interface StoredPhoto {
  storagePath: string;
  thumbnailPath: string;
}

/** Writes both sizes; on a failure nothing is left behind. */
export async function storePhoto(storage: FileStorage, photo: EncodedPhoto, now: Date): Promise<StoredPhoto> {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const name = `${PHOTO_PREFIX}${month}/${randomUUID()}`;
  const stored = { storagePath: `${name}.webp`, thumbnailPath: `${name}-mini.webp` };
  try {
    await storage.put(stored.storagePath, photo.display.bytes, 'image/webp');
    await storage.put(stored.thumbnailPath, photo.thumbnail.bytes, 'image/webp');
  } catch (error) {
    await discardPhoto(storage, stored);
    throw error;
  }
  return stored;
}

export async function discardPhoto(storage: FileStorage, photo: StoredPhoto): Promise<void> {
  await Promise.all([
    storage.delete(photo.storagePath).catch(() => {}),
    storage.delete(photo.thumbnailPath).catch(() => {}),
  ]);
}

/**
 * Stored photo files no row knows, older than `minAgeMs` (a photo in flight in another process is left alone): a
 * process that died between writing the files and committing the row leaves these. Returns how many went.
 */
export function sweepUnknownPhotoFiles(
  storage: FileStorage,
  isReferenced: (storagePath: string) => Promise<boolean>,
  now: Date,
  minAgeMs?: number,
): Promise<number> {
  return sweepUnreferenced(
    storage,
    { prefix: PHOTO_PREFIX, owns: (key) => STORED.test(key), isReferenced },
    now,
    minAgeMs,
  );
}
