import type { NfeData } from '@/common/invoices/nfe-xml';
import {
  FILE_MESSAGES,
  MAX_FILE_BYTES,
  MAX_FILES_PER_INVOICE,
  SNIFF_BYTES,
  sniffFileKind,
  type InvoiceFileKind,
} from '@/common/invoices/file-type';

export interface PickedFile {
  id: string;
  file: File;
  kind: InvoiceFileKind;
  /** Read from the file when it is an NF-e XML. */
  nfe: NfeData | null;
}

export interface PickResult {
  accepted: PickedFile[];
  /** One pt-BR message per refused file. */
  errors: string[];
}

let counter = 0;

const PHOTO_KINDS: ReadonlySet<InvoiceFileKind> = new Set<InvoiceFileKind>(['jpeg', 'png', 'heic']);

/**
 * The browser-side checks of the files a member picks, before anything is sent: count, size, type from the first
 * bytes, and an XML that must be a readable NF-e. The API checks all of it again.
 */
export async function pickFiles(current: number, files: readonly File[]): Promise<PickResult> {
  const accepted: PickedFile[] = [];
  const errors: string[] = [];
  for (const picked of files) {
    if (current + accepted.length >= MAX_FILES_PER_INVOICE) {
      errors.push(FILE_MESSAGES.tooMany);
      break;
    }
    if (picked.size === 0) {
      errors.push(FILE_MESSAGES.empty(picked.name));
      continue;
    }
    const head = new Uint8Array(await picked.slice(0, SNIFF_BYTES).arrayBuffer());
    let kind = sniffFileKind(head);
    if (!kind) {
      errors.push(FILE_MESSAGES.badType(picked.name));
      continue;
    }
    // Photos go up shrunk (never a PDF or an XML): the size limit applies to what is sent.
    let file = picked;
    if (PHOTO_KINDS.has(kind)) {
      // Like the XML parser below, fetched when a photo is picked: /minhas-nfs is at its first-load budget.
      const { shrinkPhoto } = await import('../images/shrink');
      file = await shrinkPhoto(picked);
      if (file !== picked) kind = 'jpeg';
    }
    if (file.size > MAX_FILE_BYTES) {
      errors.push(FILE_MESSAGES.tooBig(file.name));
      continue;
    }
    let nfe: NfeData | null = null;
    if (kind === 'xml') {
      // The XML parser is fetched only when an XML is picked, so it does not weigh on the page's first load.
      const { parseNfeXml } = await import('@/common/invoices/nfe-xml');
      const parsed = parseNfeXml(await file.text());
      if (!parsed.ok) {
        errors.push(`${file.name}: ${parsed.message}`);
        continue;
      }
      nfe = parsed.data;
    }
    counter += 1;
    accepted.push({ id: `f${counter}`, file, kind, nfe });
  }
  return { accepted, errors };
}

/**
 * Per-file progress from the bytes of the whole multipart body: files are written in order, so file i is done
 * once the body passes the sizes of the files before it plus its own.
 */
export function perFileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const fileBytes = sizes.reduce((a, b) => a + b, 0);
  if (total <= 0 || fileBytes === 0) return sizes.map(() => 0);
  // The rest of the body (operations, map, part headers) is small and comes first; spread it proportionally.
  const sent = (loaded / total) * fileBytes;
  let before = 0;
  return sizes.map((size) => {
    const done = Math.min(Math.max(sent - before, 0), size);
    before += size;
    return size === 0 ? 1 : done / size;
  });
}
