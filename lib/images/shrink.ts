/**
 * Photos are shrunk in the browser before they go up: a 12-megapixel phone photo of an invoice is 3 MB and takes a
 * minute on a weak signal, while 2,000 px on the long side still reads every digit of the access key.
 */
export const INVOICE_PHOTO_MAX_SIDE = 2000;
export const INVOICE_PHOTO_QUALITY = 0.8;
/** Below this, a photo goes as it is: re-encoding a small file saves nothing worth the wait. */
const SMALL_ENOUGH_BYTES = 400 * 1024;

/** The size that fits `maxSide` on the long side, keeping the aspect; never enlarges. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The photo drawn upright (from its EXIF orientation) on a canvas at most `maxSide` px on the long side, with the
 * photo's own size; null when the browser cannot decode it (HEIC on most desktops).
 */
export async function drawScaled(
  file: Blob,
  maxSide: number,
): Promise<{ canvas: HTMLCanvasElement; width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return { canvas, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/**
 * A JPEG of the photo at most `maxSide` px on the long side, turned upright from its EXIF orientation; the original
 * when the browser cannot decode it (HEIC on most desktops), when it is already small, or when the result would
 * not be smaller. The server checks and re-encodes whatever arrives.
 */
export async function shrinkPhoto(
  file: File,
  maxSide = INVOICE_PHOTO_MAX_SIDE,
  quality = INVOICE_PHOTO_QUALITY,
): Promise<File> {
  if (file.size <= SMALL_ENOUGH_BYTES) return file;
  const drawn = await drawScaled(file, maxSide);
  if (!drawn) return file;
  const blob = await new Promise<Blob | null>((resolve) => drawn.canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob || blob.size >= file.size) return file;
  const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
  return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
}
