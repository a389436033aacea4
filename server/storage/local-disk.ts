import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { access, mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, assertValidPrefix, type FileStorage, type ListedKey, type StoredObject } from './file-storage';

/** The folder the API has always kept members' files in, so a club that had them keeps them. */
export const uploadsDirOf = (dataDir: string): string => path.join(dataDir, 'uploads');

/**
 * Files in flight are written here, then renamed into place. Earlier versions used the same folder, and the invoice
 * start-up sweep removes what a crash left in it.
 */
export const LOCAL_TMP_FOLDER = 'tmp';

/**
 * Beside the folder (DATA_DIR/.uploads-writers), one empty file per process writing to it, named after its host, pid
 * and storage: a process started again after a crash finds the markers of dead ones (same host, pid gone) and knows
 * whether anyone else is writing. Outside the folder, so no listing or sweep of members' files ever sees them.
 */
export const writersFolderOf = (root: string): string =>
  path.join(path.dirname(root), `.${path.basename(root)}-writers`);

const hostTag = (): string =>
  hostname()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 40) || 'host';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The disk keeps no metadata: a file's type is the one its extension names. */
const TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  heic: 'image/heic',
  pdf: 'application/pdf',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

/** The type a key's extension stands for: keys end with their type's extension (file-storage.ts). */
export const typeOf = (key: string): string => TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';

const isMissing = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

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
    else if (entry.isFile()) yield full;
  }
}

/** Files under one folder (DATA_DIR/uploads), the key being the path below it. */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;
  private writerMarker: string | undefined;
  private registration: Promise<boolean> | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Written to a temporary file, flushed to disk and renamed into place, so a reader never sees half a file and a
   * failed stream leaves the key as it was.
   */
  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, LOCAL_TMP_FOLDER);
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
    // flush: fsync before close, so a finished pipeline means the bytes are on disk.
    const sink = createWriteStream(tmpPath, { flush: true, mode: 0o640 });
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, sink);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmpPath, target);
    } catch (error) {
      // The sink opens its file asynchronously: a stream that fails at once rejects before the file exists, and the
      // file would appear after it was removed. Remove it once the sink has closed.
      if (!sink.closed) await once(sink, 'close').catch(() => undefined);
      await rm(tmpPath, { force: true });
      throw error;
    }
    await syncDir(path.dirname(target));
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // The stream closes the handle when it ends or is destroyed.
      return { body: handle.createReadStream(), size: info.size, contentType: typeOf(key) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedKey> {
    assertValidPrefix(prefix);
    // Only the folder the prefix names is walked, not the whole tree.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    for await (const file of walk(path.join(this.root, ...folder.split('/').filter(Boolean)))) {
      const key = path.relative(this.root, file).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(file).catch(() => null);
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }

  async check(): Promise<void> {
    // The folder appears with the first file: until then, the nearest folder above it that exists must take it.
    let folder = this.root;
    while (!(await stat(folder).catch(() => null)) && path.dirname(folder) !== folder) folder = path.dirname(folder);
    await access(folder, constants.W_OK).catch(() => {
      throw new Error(`a pasta de arquivos não aceita gravação: ${this.root}`);
    });
  }

  /** Once per storage: every start-up sweep (invoices, project photos) asks, and gets the same answer. */
  registerWriter(): Promise<boolean> {
    this.registration ??= this.claimWriter();
    return this.registration;
  }

  private async claimWriter(): Promise<boolean> {
    const folder = writersFolderOf(this.root);
    await mkdir(folder, { recursive: true });
    const host = hostTag();
    let alone = true;
    for (const name of await readdir(folder)) {
      const [markerHost, pid] = name.split('-');
      if (markerHost === host && pid !== undefined && /^\d+$/.test(pid) && !isAlive(Number(pid))) {
        await rm(path.join(folder, name), { force: true });
      } else {
        alone = false;
      }
    }
    this.writerMarker = path.join(folder, `${host}-${process.pid}-${randomUUID()}`);
    await writeFile(this.writerMarker, '');
    return alone;
  }

  async close(): Promise<void> {
    await this.registration?.catch(() => undefined);
    if (this.writerMarker) await rm(this.writerMarker, { force: true });
    this.writerMarker = undefined;
    this.registration = undefined;
  }
}
