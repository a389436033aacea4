import type { Readable } from 'node:stream';

/** One stored file, opened for reading. */
export interface StoredObject {
  readonly body: Readable;
  readonly size: number;
  readonly contentType: string;
}

/** One key found by `list`, with when it was last written. */
export interface ListedKey {
  readonly key: string;
  readonly modifiedAt: Date;
}

/**
 * Where the API keeps the files members send (invoice files, profile photos). Keys are relative paths such as
 * "2026/11/<uuid>.pdf" or "profile/<name>.jpg"; they end with the extension of their type, since the local disk keeps
 * no other record of it. The API always serves the files through its own routes, never from the storage's address.
 */
export interface FileStorage {
  /**
   * Stores `body` under `key`, replacing what was there. A stream that fails makes the call reject with its error and
   * leaves the key as it was: callers abort an upload by destroying the stream they handed in.
   */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. The caller must read or destroy the body. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file under `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix` (all keys for ''), in no particular order. */
  list(prefix: string): AsyncIterable<ListedKey>;
  /**
   * Resolves when the storage can take a file now (the bucket answers; the folder is writable), rejects with what is
   * wrong otherwise: the readiness probe's question (server/http/health.ts).
   */
  check(): Promise<void>;
  /** Releases connections; the storage is not used afterwards. */
  close(): Promise<void>;
  /**
   * Storages that several processes may share without knowing it (a local folder) count their writers: this
   * registers the process and answers whether no other one is alive. Files in flight that a killed writer left can
   * then be removed at once, instead of after the age that protects other processes' uploads.
   */
  registerWriter?(): Promise<boolean>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Thrown for a key that is not a plain relative path; keys come from the API itself, so this is a bug, not input. */
export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`Chave de arquivo inválida: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKey';
  }
}

/**
 * Keys are folders and a name made of letters, digits, '.', '_' and '-', with no segment starting with a dot: no
 * "..", no absolute path, no empty segment. The same rule on every backend keeps a key valid when a club moves
 * from the local disk to S3.
 */
export function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > 512 || !key.split('/').every((segment) => SEGMENT.test(segment))) {
    throw new InvalidStorageKey(key);
  }
}

/** A list prefix: '' or the start of a valid key (it may end with '/'). */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  assertValidKey(prefix.endsWith('/') ? `${prefix}x` : prefix);
}

/** Reads a stored body whole; for small files (an NF-e XML) that are parsed rather than served. */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
