/**
 * The one place that reads a file's type from its first bytes (its "magic number"), never from its name or the type
 * the browser declares. Invoices, profile photos and content images each accept a subset of these; text formats
 * (the NF-e XML, SVG) are recognised by their own modules.
 */
export type FileSignature = 'jpeg' | 'png' | 'webp' | 'gif' | 'pdf' | 'heic';

/** How many leading bytes `sniffSignature` needs to decide. */
export const SIGNATURE_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

export function sniffSignature(head: Uint8Array): FileSignature | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (/^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'gif';
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'heic';
  return null;
}
