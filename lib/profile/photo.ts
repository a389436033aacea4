/** Side of the square photo sent to the API: enough for an avatar, small enough for a quick upload. */
export const PHOTO_SIDE = 512;
export const PHOTO_MAX_FILE_BYTES = 15 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PHOTO_ERRORS = {
  type: 'Escolha uma foto JPG, PNG ou WebP.',
  size: 'A foto escolhida é grande demais (máximo 15 MB).',
  read: 'Não conseguimos abrir esta foto. Tente outra.',
} as const;

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(PHOTO_ERRORS.read));
    };
    img.src = url;
  });
}

/** The name the cropped photo travels under; the API decides the type from its bytes anyway. */
export const PHOTO_UPLOAD_NAME = 'foto.jpg';

/**
 * Crops the centre square of a photo and scales it to PHOTO_SIDE, as a JPEG file ready for a multipart upload.
 * Done in the browser so a phone's 5 MB picture leaves as ~60 KB, far under the API's 2 MB limit.
 */
export async function squarePhotoFile(file: File): Promise<File> {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) throw new Error(PHOTO_ERRORS.type);
  if (file.size > PHOTO_MAX_FILE_BYTES) throw new Error(PHOTO_ERRORS.size);
  const img = await loadImage(file);
  const side = Math.min(img.naturalWidth, img.naturalHeight);
  if (side === 0) throw new Error(PHOTO_ERRORS.read);
  const canvas = document.createElement('canvas');
  const out = Math.min(PHOTO_SIDE, side);
  canvas.width = out;
  canvas.height = out;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(PHOTO_ERRORS.read);
  const sx = (img.naturalWidth - side) / 2;
  const sy = (img.naturalHeight - side) / 2;
  ctx.drawImage(img, sx, sy, side, side, 0, 0, out, out);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new Error(PHOTO_ERRORS.read);
  return new File([blob], PHOTO_UPLOAD_NAME, { type: 'image/jpeg' });
}

/** Saves text as a file through a temporary link (no server round trip: the JSON is already here). */
export function downloadText(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
