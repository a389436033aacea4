import { drawScaled, shrinkPhoto } from '../images/shrink';
import { SIGNATURE_BYTES, sniffSignature, type FileSignature } from '@/common/files/signature';
import { PROJECT_PHOTO_MAX_BYTES, PROJECT_PHOTOS_MAX } from '@/common/projects/limits';

/** A project photo is looked at, not read: 2,560 px still fills a desktop screen, and the server keeps no more. */
export const PROJECT_PHOTO_MAX_SIDE = 2560;
export const PROJECT_PHOTO_QUALITY = 0.85;
/** The preview kept in the draft: small enough that ten fit in the device's storage. */
const PREVIEW_MAX_SIDE = 240;
const PHOTO_SIGNATURES: ReadonlySet<FileSignature> = new Set<FileSignature>(['jpeg', 'png', 'webp', 'heic']);

export const PROJECT_PHOTO_MESSAGES = {
  type: (name: string) => `${name}: envie uma foto (JPEG, PNG, WebP ou HEIC).`,
  size: (name: string) => `${name}: a foto passa de 10 MB. Escolha uma foto menor.`,
  tooMany: `Um projeto tem no máximo ${PROJECT_PHOTOS_MAX} fotos. As demais não foram adicionadas.`,
  none: 'Adicione pelo menos uma foto do projeto.',
} as const;

/** Null when the picked file can be a project photo, or the pt-BR reason it cannot. */
export async function checkProjectPhoto(file: File): Promise<string | null> {
  if (file.size > PROJECT_PHOTO_MAX_BYTES) return PROJECT_PHOTO_MESSAGES.size(file.name);
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  const signature = sniffSignature(head);
  return signature && PHOTO_SIGNATURES.has(signature) ? null : PROJECT_PHOTO_MESSAGES.type(file.name);
}

/** The photo as it goes up: at most 2,560 px on the long side, JPEG, upright. */
export function shrinkProjectPhoto(file: File): Promise<File> {
  return shrinkPhoto(file, PROJECT_PHOTO_MAX_SIDE, PROJECT_PHOTO_QUALITY);
}

/** A small JPEG data URL of the photo for the preview and the draft, or null when the browser cannot decode it. */
export async function photoPreview(file: Blob): Promise<{ url: string; width: number; height: number } | null> {
  const drawn = await drawScaled(file, PREVIEW_MAX_SIDE);
  return drawn && { url: drawn.canvas.toDataURL('image/jpeg', 0.7), width: drawn.width, height: drawn.height };
}

/** Moves the item at `from` to `to`, for reordering photos (the first is the cover). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
