import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import {
  FILE_EXTENSIONS,
  FILE_MESSAGES,
  FILE_MIME_TYPES,
  MAX_FILE_BYTES,
  SNIFF_BYTES,
  sniffFileKind,
  type InvoiceFileKind,
} from '../../../common/invoices/file-type';
import { readAll, type FileStorage } from '../../storage/file-storage';
import { LOCAL_TMP_FOLDER } from '../../storage/local-disk';
import { sweepUnreferenced } from '../../storage/sweep';

/** A refused file; its message is pt-BR and safe to show. */
export class FileRejected extends Error {}

export interface StoredFile {
  kind: InvoiceFileKind;
  sizeBytes: number;
  sha256: string;
  /** The storage key, e.g. "2026/11/<uuid>.pdf" (the path under DATA_DIR/uploads on the local disk). */
  storagePath: string;
}

/**
 * Streams one upload into the storage, checking its type from the first bytes, its size and its SHA-256 as it goes.
 * The key carries the type's extension, so the storage is only written once the first bytes have been seen. The
 * caller commits the database row only after this resolves; a crash in between leaves an orphan the start-up sweep
 * removes.
 *
 * On refusal the rest of the source is drained, never destroyed: the multipart parser waits for every file stream to
 * be read, and a destroyed one would hang the request.
 */
export async function storeUpload(
  source: Readable,
  name: string,
  storage: FileStorage,
  now: Date,
): Promise<StoredFile> {
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  let kind: InvoiceFileKind | undefined;
  let kindFound!: (kind: InvoiceFileKind) => void;
  let refused!: (error: Error) => void;
  const kindKnown = new Promise<InvoiceFileKind>((resolve, reject) => {
    kindFound = resolve;
    refused = reject;
  });

  const decide = () => {
    const sniffed = sniffFileKind(head);
    if (sniffed === null) throw new FileRejected(FILE_MESSAGES.badType(name));
    kind = sniffed;
    kindFound(sniffed);
  };
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        size += chunk.length;
        if (size > MAX_FILE_BYTES) throw new FileRejected(FILE_MESSAGES.tooBig(name));
        if (kind === undefined) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length >= SNIFF_BYTES) decide();
        }
        hash.update(chunk);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        if (size === 0) throw new FileRejected(FILE_MESSAGES.empty(name));
        // The parser cut the file at its own limit: refused before the storage keeps it.
        if ((source as Readable & { truncated?: boolean }).truncated)
          throw new FileRejected(FILE_MESSAGES.tooBig(name));
        if (kind === undefined) decide();
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });

  let draining = false;
  const drainSource = () => {
    if (draining) return;
    draining = true;
    source.unpipe(inspect);
    source.on('error', () => {});
    source.resume();
  };
  let failure: Error | undefined;
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    drainSource();
    // The storage, reading `inspect`, rejects with the same error and keeps nothing.
    inspect.destroy(error);
    refused(error);
  };
  source.on('error', fail);
  inspect.on('error', fail);
  // The storage may stop reading early (a write that failed): the rest of the upload still has to be drained.
  inspect.on('close', () => {
    if (!inspect.readableEnded) drainSource();
  });
  source.pipe(inspect);

  const finalKind = await kindKnown;
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const storagePath = `${month}/${randomUUID()}.${FILE_EXTENSIONS[finalKind]}`;
  try {
    await storage.put(storagePath, inspect, FILE_MIME_TYPES[finalKind]);
  } catch (error) {
    // The refusal that stopped the stream, not how the storage saw the stream end.
    throw failure ?? error;
  }
  return { kind: finalKind, sizeBytes: size, sha256: hash.digest('hex'), storagePath };
}

/** Removes a stored file whose row was never committed (a lost race, a failed transaction). */
export async function discardStored(storage: FileStorage, storagePath: string): Promise<void> {
  await storage.delete(storagePath).catch(() => {});
}

/** A stored file read whole, for the NF-e XML the API parses. */
export async function readStored(storage: FileStorage, storagePath: string): Promise<Buffer> {
  const stored = await storage.get(storagePath);
  if (!stored) throw new Error(`arquivo ${storagePath} não encontrado no armazenamento`);
  return readAll(stored.body);
}

/** Where storeUpload puts invoice files: "YYYY/MM/<uuid>.<ext>"; the local disk's "tmp/…" holds files in flight. */
const INVOICE_TMP = new RegExp(`^${LOCAL_TMP_FOLDER}/`);
const INVOICE_STORED = /^\d{4}\/\d{2}\/[^/]+$/;

/**
 * Start-up sweep: temporary files and stored files without a database row, older than `minAgeMs` (so an upload in
 * flight in another process is left alone), are removed. Returns how many files went. Only keys of the invoice
 * layout are considered: other modules' files in the same storage (profile photos under "profile/") stay.
 */
export function sweepOrphans(
  storage: FileStorage,
  isReferenced: (storagePath: string) => Promise<boolean>,
  now: Date,
  minAgeMs?: number,
): Promise<number> {
  const rule = {
    prefix: '',
    owns: (key: string) => INVOICE_STORED.test(key),
    isTemporary: (key: string) => INVOICE_TMP.test(key),
    isReferenced,
  };
  return sweepUnreferenced(storage, rule, now, minAgeMs);
}
