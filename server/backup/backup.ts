import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { createDatabase, driverOf } from '../db/database';
import type { Db } from '../db/schema';
import { createFileStorage } from '../storage/from-config';
import { uploadsDirOf } from '../storage/local-disk';
import { filesBelow } from './files-below';
import { backupPostgres, postgresManifestOf, restorePostgres } from './postgres-backup';

/** What a backup folder holds, beside the files themselves. */
export const BACKUP_MANIFEST = 'backup.json';
const DATABASE_FILE = 'club.sqlite';
/**
 * The keys the embedded default generated, restored with the club: the JWT secret (members stay logged in) and the
 * VAPID pair (the browsers' push subscriptions were made for its public key and keep working).
 */
const KEY_FILES = ['jwt-secret', 'vapid-keys.json'];

export class BackupError extends Error {}

export interface BackupReport {
  readonly folder: string;
  readonly files: number;
  readonly bytes: number;
  readonly filesInS3: boolean;
}

/** Copies the files of `from` that `to` does not have yet; returns how many and their bytes. */
async function copyNewFiles(from: string, to: string, copied: Set<string>): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const relative of await filesBelow(from)) {
    if (copied.has(relative)) continue;
    const target = path.join(to, relative);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(path.join(from, relative), target);
    } catch (error) {
      // Removed since it was listed (a sweep, a replaced photo): no row of the copy can need it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    copied.add(relative);
    files += 1;
    bytes += (await stat(target)).size;
  }
  return { files, bytes };
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * A consistent copy of a running club on the embedded default: the SQLite database through SQLite's online backup
 * (the club keeps answering and writing meanwhile; the copy is the database as of one instant) and the members'
 * files. Files are copied before and after the database: every file a row of the copy names was written before
 * its row was committed, so it is there by the second pass unless it was deleted after the copy's instant.
 */
export async function backupClub(db: Db, config: AppConfig, folder: string): Promise<BackupReport> {
  if (!(await isEmptyOrMissing(folder))) throw new BackupError(`A pasta ${folder} não está vazia: escolha uma nova.`);
  const driver = driverOf(db);
  if (config.database.kind === 'postgres') {
    // The settings decide, not the handle: a club whose DATABASE_URL is PostgreSQL is backed up with pg_dump.
    await mkdir(folder, { recursive: true });
    const storage = createFileStorage(config);
    try {
      const report = await backupPostgres(config.database.url, storage, folder, new Date(config.now()));
      return { folder, files: report.files, bytes: report.bytes + report.dumpBytes, filesInS3: false };
    } finally {
      await storage.close();
    }
  }
  if (driver.dialect !== 'sqlite') throw new BackupError('DATABASE_URL não é o banco deste clube.');
  await mkdir(folder, { recursive: true });
  const uploads = uploadsDirOf(config.dataDir);
  const filesInS3 = config.s3 !== undefined;
  const copied = new Set<string>();
  const target = path.join(folder, 'uploads');
  const before = filesInS3 ? { files: 0, bytes: 0 } : await copyNewFiles(uploads, target, copied);
  await driver.sqlite.backup(path.join(folder, DATABASE_FILE));
  const after = filesInS3 ? { files: 0, bytes: 0 } : await copyNewFiles(uploads, target, copied);
  for (const name of KEY_FILES) {
    try {
      await copyFile(path.join(config.dataDir, name), path.join(folder, name));
    } catch (error) {
      // Set in the environment (JWT_SECRET, VAPID_*): nothing to keep.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const report = {
    folder,
    files: before.files + after.files,
    bytes: before.bytes + after.bytes,
    filesInS3,
  };
  await writeFile(
    path.join(folder, BACKUP_MANIFEST),
    `${JSON.stringify({ createdAt: new Date(config.now()).toISOString(), ...report }, null, 2)}\n`,
  );
  return report;
}

/**
 * Puts a backup back into an empty DATA_DIR. A folder that already holds anything is refused: a restore never
 * overwrites a club, live or not.
 */
export async function restoreClub(folder: string, config: AppConfig): Promise<{ files: number }> {
  if (!(await filesBelow(folder)).includes(BACKUP_MANIFEST)) {
    throw new BackupError(`${folder} não é uma pasta de backup do clube (falta ${BACKUP_MANIFEST}).`);
  }
  const postgres = await postgresManifestOf(folder);
  if (postgres || config.database.kind === 'postgres') {
    if (!postgres || config.database.kind !== 'postgres') {
      throw new BackupError(
        postgres
          ? 'Este backup é de um clube em PostgreSQL: defina DATABASE_URL com um banco novo e vazio.'
          : 'Este backup é do SQLite do clube: restaure-o sem DATABASE_URL, numa DATA_DIR vazia.',
      );
    }
    return restoreIntoPostgres(config, folder);
  }
  const dataDir = config.dataDir;
  if (!(await isEmptyOrMissing(dataDir))) {
    throw new BackupError(
      `A pasta de dados ${dataDir} não está vazia: o backup só volta para uma pasta vazia, nunca sobre um clube.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  await copyFile(path.join(folder, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
  for (const name of KEY_FILES) {
    try {
      await copyFile(path.join(folder, name), path.join(dataDir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const { files } = await copyNewFiles(path.join(folder, 'uploads'), uploadsDirOf(dataDir), new Set());
  return { files };
}

/** A PostgreSQL backup into the empty database of DATABASE_URL (never migrated first) and the empty storage. */
async function restoreIntoPostgres(config: AppConfig, folder: string): Promise<{ files: number }> {
  if (config.database.kind !== 'postgres') throw new BackupError('DATABASE_URL precisa ser um PostgreSQL.');
  const db = createDatabase(config.database);
  const storage = createFileStorage(config);
  try {
    return await restorePostgres(config.database.url, db, storage, folder);
  } finally {
    await storage.close();
    await db.destroy();
  }
}
