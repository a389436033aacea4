import { sniffSignature, type FileSignature } from '../files/signature';
/**
 * Invoice file rules shared by the browser (checked when a file is picked) and the API (checked always, on the
 * bytes it receives). The type comes from the first bytes, never from the name or the browser's guess.
 */

export type InvoiceFileKind = 'jpeg' | 'png' | 'heic' | 'pdf' | 'xml';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_INVOICE = 5;
/** Bytes read from the start of a file to tell its type. */
export const SNIFF_BYTES = 512;

export const FILE_KIND_LABELS: Readonly<Record<InvoiceFileKind, string>> = {
  jpeg: 'Foto (JPEG)',
  png: 'Imagem (PNG)',
  heic: 'Foto (HEIC)',
  pdf: 'PDF',
  xml: 'XML da NF-e',
};

export const FILE_MIME_TYPES: Readonly<Record<InvoiceFileKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  pdf: 'application/pdf',
  xml: 'application/xml',
};

export const FILE_EXTENSIONS: Readonly<Record<InvoiceFileKind, string>> = {
  jpeg: 'jpg',
  png: 'png',
  heic: 'heic',
  pdf: 'pdf',
  xml: 'xml',
};

/** What the file input offers; the real check is `sniffFileKind`. */
export const FILE_ACCEPT =
  'image/jpeg,image/png,image/heic,image/heif,.heic,.heif,application/pdf,.pdf,text/xml,application/xml,.xml';

export const FILE_MESSAGES = {
  tooBig: (name: string) => `O arquivo "${name}" tem mais de 10 MB. Envie uma foto menor ou um PDF mais leve.`,
  empty: (name: string) => `O arquivo "${name}" está vazio.`,
  badType: (name: string) =>
    `O arquivo "${name}" não é uma foto (JPEG, PNG ou HEIC), um PDF ou o XML da NF-e. Escolha outro arquivo.`,
  tooMany: `Envie no máximo ${MAX_FILES_PER_INVOICE} arquivos por nota fiscal.`,
  none: 'Anexe pelo menos um arquivo: foto ou PDF da nota, ou o XML da NF-e.',
} as const;

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

const INVOICE_SIGNATURES = new Set<FileSignature>(['jpeg', 'png', 'pdf', 'heic']);

/** The file's type from its first bytes, or null when it is none of the accepted ones (HTML named .pdf included). */
export function sniffFileKind(head: Uint8Array): InvoiceFileKind | null {
  const signature = sniffSignature(head);
  if (signature !== null) return INVOICE_SIGNATURES.has(signature) ? (signature as InvoiceFileKind) : null;
  // XML: optional UTF-8 BOM and blanks, then a declaration or an NF-e root element. HTML is refused.
  let start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (start < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[start] ?? 0)) start++;
  const text = ascii(head, start, start + 64);
  if (/^<\?xml[\s?]/.test(text) && !/<(!doctype\s+html|html)/i.test(ascii(head, start, head.length))) return 'xml';
  if (/^<(\w+:)?(nfeProc|NFe)[\s>]/.test(text)) return 'xml';
  return null;
}
