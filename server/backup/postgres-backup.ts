import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { typeOf } from '../storage/local-disk';
import { filesBelow } from './files-below';

const run = promisify(execFile);

/** What a PostgreSQL backup folder holds: the dump, the members' files under `arquivos/`, and this manifest. */
export const DUMP_FILE = 'banco.dump';
const FILES_FOLDER = 'arquivos';

export class PostgresBackupError extends Error {}

/** One stored file as the backup has it: restored only when its bytes still have this digest. */
export interface StoredObjectEntry {
  readonly key: string;
  readonly size: number;
  readonly sha256: string;
}

export interface PostgresManifest {
  readonly kind: 'postgres';
  readonly createdAt: string;
  readonly database: typeof DUMP_FILE;
  readonly objects: readonly StoredObjectEntry[];
}

/**
 * Debian's client programs: on the PATH, in PG_BIN, or the newest /usr/lib/postgresql/<version>/bin (where the
 * server package puts them without linking them into the PATH). pg_dump must be at least the server's version.
 */
export function findPostgresProgram(
  name: 'pg_dump' | 'pg_restore',
  environment: NodeJS.ProcessEnv = process.env,
): string {
  // PG_BIN is also what the tests start their PostgreSQL from (docs/settings.md); PATH is the shell's own.
  const folders = [
    ...(environment['PG_BIN'] ? [environment['PG_BIN']] : []),
    ...(environment['PATH'] ?? '').split(path.delimiter).filter((folder) => folder !== ''),
    ...newestFirst('/usr/lib/postgresql').map((version) => `/usr/lib/postgresql/${version}/bin`),
  ];
  const found = folders.map((folder) => path.join(folder, name)).find((file) => existsSync(file));
  if (!found) {
    throw new PostgresBackupError(
      `${name} não encontrado: instale o cliente do PostgreSQL (Debian: apt-get install postgresql-client, da mesma ` +
        'versão do servidor ou mais nova) ou aponte PG_BIN para a pasta dos programas.',
    );
  }
  return found;
}

function newestFirst(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    return [];
  }
}

/**
 * The connection as libpq's variables, never on the command line, where any user of the machine could read the
 * password in the process list.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const sslmode = url.searchParams.get('sslmode');
  return {
    PGHOST: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')),
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
    ...(url.username ? { PGUSER: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
    ...(sslmode ? { PGSSLMODE: sslmode } : {}),
  };
}

async function runProgram(program: string, args: readonly string[], databaseUrl: string): Promise<void> {
  try {
    await run(program, args, {
      env: { ...process.env, ...libpqEnvironment(databaseUrl) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new PostgresBackupError(`${path.basename(program)} falhou: ${stderr || (error as Error).message}`);
  }
}

/** The file's place in the backup folder: its key, whose segments are plain names (assertValidKey). */
const fileOf = (folder: string, key: string) => path.join(folder, FILES_FOLDER, ...key.split('/'));

/** Copies one stored file into the folder, hashing it on the way. Null when it was removed since it was listed. */
async function copyOut(storage: FileStorage, folder: string, key: string): Promise<StoredObjectEntry | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const target = fileOf(folder, key);
  await mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stored.body, measure, createWriteStream(target, { flush: true }));
  return { key, size, sha256: hash.digest('hex') };
}

async function copyNewObjects(storage: FileStorage, folder: string, copied: Map<string, StoredObjectEntry>) {
  for await (const { key } of storage.list('')) {
    if (copied.has(key)) continue;
    const entry = await copyOut(storage, folder, key);
    if (entry) copied.set(key, entry);
  }
}

export interface PostgresBackupReport {
  readonly folder: string;
  readonly files: number;
  readonly bytes: number;
  readonly dumpBytes: number;
}

/**
 * A PostgreSQL club in one folder: `pg_dump --format=custom` (one snapshot of the whole database, taken while the club
 * keeps answering) and every stored file, with a manifest of each (key, size, sha256). The files are copied before and
 * after the dump, as on the embedded default: a file is written before the row that names it commits, so every file a
 * row of the dump names is in the folder, unless it was deleted after the dump's snapshot.
 */
export async function backupPostgres(
  databaseUrl: string,
  storage: FileStorage,
  folder: string,
  now: Date,
): Promise<PostgresBackupReport> {
  const pgDump = findPostgresProgram('pg_dump');
  const copied = new Map<string, StoredObjectEntry>();
  await copyNewObjects(storage, folder, copied);
  const dump = path.join(folder, DUMP_FILE);
  await runProgram(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`], databaseUrl);
  await copyNewObjects(storage, folder, copied);
  const objects = [...copied.values()].sort((a, b) => a.key.localeCompare(b.key));
  const manifest: PostgresManifest = { kind: 'postgres', createdAt: now.toISOString(), database: DUMP_FILE, objects };
  await writeFile(path.join(folder, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    folder,
    files: objects.length,
    bytes: objects.reduce((sum, object) => sum + object.size, 0),
    dumpBytes: (await stat(dump)).size,
  };
}

/** The manifest of a PostgreSQL backup folder, or null when the folder holds another kind of backup. */
export async function postgresManifestOf(folder: string): Promise<PostgresManifest | null> {
  const manifest = JSON.parse(await readFile(path.join(folder, 'backup.json'), 'utf8')) as { kind?: unknown };
  return manifest.kind === 'postgres' ? (manifest as PostgresManifest) : null;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Puts a PostgreSQL backup back: the dump into an empty database (`pg_restore`), every file into an empty storage,
 * each checked against the manifest's digest first. Anything in the database or the storage already is refused:
 * a restore never lands on a club.
 */
export async function restorePostgres(
  databaseUrl: string,
  db: Db,
  storage: FileStorage,
  folder: string,
): Promise<{ files: number }> {
  const manifest = await postgresManifestOf(folder);
  if (!manifest) throw new PostgresBackupError(`${folder} não é um backup de um clube em PostgreSQL.`);
  const pgRestore = findPostgresProgram('pg_restore');
  const tables = await sql<{ count: number }>`
    select count(*)::int as count from information_schema.tables where table_schema = current_schema()
  `.execute(db);
  if ((tables.rows[0]?.count ?? 0) > 0) {
    throw new PostgresBackupError(
      'O banco de destino não está vazio: o backup só volta para um banco novo (CREATE DATABASE), nunca sobre um clube.',
    );
  }
  for await (const { key } of storage.list('')) {
    throw new PostgresBackupError(
      `O armazenamento de destino já tem arquivos (${key}…): use um bucket ou um S3_PREFIX vazio.`,
    );
  }
  // Every file is checked before anything is written, so a damaged backup leaves both targets as they were.
  const present = new Set(await filesBelow(path.join(folder, FILES_FOLDER)));
  for (const object of manifest.objects) {
    const file = fileOf(folder, object.key);
    if (!present.has(object.key) || (await sha256Of(file)) !== object.sha256) {
      throw new PostgresBackupError(`O arquivo ${object.key} do backup está faltando ou foi alterado.`);
    }
  }
  await runProgram(
    pgRestore,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${libpqEnvironment(databaseUrl)['PGDATABASE']}`,
      path.join(folder, DUMP_FILE),
    ],
    databaseUrl,
  );
  for (const object of manifest.objects) {
    const bytes = await readFile(fileOf(folder, object.key));
    await storage.put(object.key, bytes, typeOf(object.key));
  }
  return { files: manifest.objects.length };
}
