import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import {
  FILE_EXTENSIONS,
  FILE_MESSAGES,
  MAX_FILE_BYTES,
  SNIFF_BYTES,
  sniffFileKind,
  type InvoiceFileKind,
} from '../../../lib/invoices/file-type';

/** A refused file; its message is pt-BR and safe to show. */
export class FileRejected extends Error {}

export interface StoredFile {
  kind: InvoiceFileKind;
  sizeBytes: number;
  sha256: string;
  /** Relative to the uploads folder, e.g. "2026/11/<uuid>.pdf". */
  storagePath: string;
}

export const uploadsDirOf = (dataDir: string): string => path.join(dataDir, 'uploads');
const tmpDirOf = (uploadsDir: string): string => path.join(uploadsDir, 'tmp');

/** Syncs a folder so a rename into it survives a power cut. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on folders; the file itself is already synced.
  } finally {
    await handle.close();
  }
}

/**
 * Streams one upload to DATA_DIR/uploads/tmp, checking its type from the first bytes, its size and its SHA-256 as it
 * goes (memory stays at one chunk whatever the file size), syncs it and renames it into place. The caller commits
 * the database row only after this resolves; a crash in between leaves an orphan the start-up sweep removes.
 *
 * On refusal the rest of the source is drained, never destroyed: the multipart parser waits for every file
 * stream to be read, and a destroyed one would hang the request.
 */
export async function storeUpload(source: Readable, name: string, uploadsDir: string, now: Date): Promise<StoredFile> {
  const tmpDir = tmpDirOf(uploadsDir);
  await mkdir(tmpDir, { recursive: true });
  const id = randomUUID();
  const tmpPath = path.join(tmpDir, `${id}.part`);
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  let kind: InvoiceFileKind | null | undefined;

  const decide = () => {
    kind = sniffFileKind(head);
    if (kind === null) throw new FileRejected(FILE_MESSAGES.badType(name));
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
        if (kind === undefined) decide();
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  // flush: fsync before close, so "finish" means the bytes are on disk.
  const out = createWriteStream(tmpPath, { flush: true });

  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        source.unpipe(inspect);
        inspect.unpipe(out);
        source.on('error', () => {});
        source.resume();
        out.destroy();
        reject(error);
      };
      source.once('error', fail);
      inspect.once('error', fail);
      out.once('error', fail);
      out.once('close', () => resolve());
      source.pipe(inspect).pipe(out);
    });
    if ((source as Readable & { truncated?: boolean }).truncated) throw new FileRejected(FILE_MESSAGES.tooBig(name));
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }

  const finalKind = kind as InvoiceFileKind;
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const storagePath = `${month}/${id}.${FILE_EXTENSIONS[finalKind]}`;
  const finalDir = path.join(uploadsDir, month);
  await mkdir(finalDir, { recursive: true });
  await rename(tmpPath, path.join(uploadsDir, storagePath));
  await syncDir(finalDir);
  return { kind: finalKind, sizeBytes: size, sha256: hash.digest('hex'), storagePath };
}

/** Removes a stored file whose row was never committed (a lost race, a failed transaction). */
export async function discardStored(uploadsDir: string, storagePath: string): Promise<void> {
  await unlink(path.join(uploadsDir, storagePath)).catch(() => {});
}

export const absolutePathOf = (uploadsDir: string, storagePath: string): string => {
  const full = path.resolve(uploadsDir, storagePath);
  if (!full.startsWith(path.resolve(uploadsDir) + path.sep)) throw new Error('caminho fora da pasta de envios');
  return full;
};

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Where storeUpload puts invoice files: "tmp/…" while in flight, then "YYYY/MM/<uuid>.<ext>". */
const INVOICE_TMP = /^tmp\//;
const INVOICE_STORED = /^\d{4}\/\d{2}\/[^/]+$/;

/**
 * Start-up sweep: temporary files and stored files without a database row, older than `minAgeMs` (so an upload in
 * flight in another process is left alone), are removed. Returns how many files went. Only paths of the invoice
 * layout are considered: other modules' files in the same folder (profile photos under "profile/") stay.
 */
export async function sweepOrphans(
  uploadsDir: string,
  isReferenced: (storagePath: string) => Promise<boolean>,
  now: Date,
  minAgeMs = 60 * 60 * 1000,
): Promise<number> {
  let removed = 0;
  for await (const file of walk(uploadsDir)) {
    const relative = path.relative(uploadsDir, file).split(path.sep).join('/');
    const temporary = INVOICE_TMP.test(relative);
    if (!temporary && !INVOICE_STORED.test(relative)) continue;
    const info = await stat(file).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < minAgeMs) continue;
    const orphan = temporary || !(await isReferenced(relative));
    if (orphan) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
