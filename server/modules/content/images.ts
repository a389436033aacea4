import { sniffSignature } from '../../../common/files/signature';

/** Image types the content may carry, recognised from their bytes (never from the file name). */
export interface ImageInfo {
  readonly mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/svg+xml';
  readonly extension: 'png' | 'jpg' | 'webp' | 'gif' | 'svg';
  readonly width: number;
  readonly height: number;
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

function png(b: Buffer): ImageInfo | null {
  if (b.length < 24 || b.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { mime: 'image/png', extension: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageInfo | null {
  if (b.length < 10) return null;
  return { mime: 'image/gif', extension: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function jpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4) return null;
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1] ?? 0;
    const length = b.readUInt16BE(offset + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        mime: 'image/jpeg',
        extension: 'jpg',
        height: b.readUInt16BE(offset + 5),
        width: b.readUInt16BE(offset + 7),
      };
    }
    offset += 2 + length;
  }
  return null;
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30) return null;
  const chunk = b.toString('ascii', 12, 16);
  const base = { mime: 'image/webp', extension: 'webp' } as const;
  if (chunk === 'VP8 ') return { ...base, width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { ...base, width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { ...base, width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

function svg(b: Buffer): ImageInfo | null {
  const head = b.toString('utf8', 0, Math.min(b.length, 4096));
  const tag = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!tag) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  let width = Number.parseFloat(attr('width') ?? '');
  let height = Number.parseFloat(attr('height') ?? '');
  if (!(width > 0 && height > 0)) {
    const box = (attr('viewBox') ?? '')
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    width = box[2] ?? NaN;
    height = box[3] ?? NaN;
  }
  if (!(width > 0 && height > 0)) return null;
  return { mime: 'image/svg+xml', extension: 'svg', width: Math.round(width), height: Math.round(height) };
}

/** The type and size of an image, or null when the bytes are not an image we accept. */
export function sniffImage(bytes: Buffer): ImageInfo | null {
  // The type comes from the shared signature check; each reader below only finds the dimensions.
  const readers = { png, jpeg, gif, webp } as const;
  const signature = sniffSignature(bytes);
  const info =
    signature === null ? svg(bytes) : signature in readers ? readers[signature as keyof typeof readers](bytes) : null;
  if (!info || info.width < 1 || info.height < 1 || info.width > 10000 || info.height > 10000) return null;
  return info;
}
