import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { seedDemoData } from '../seed';

/**
 * A throw-away DATA_DIR whose SQLite file is migrated and seeded with the demo data: what the terminal commands'
 * suites run their commands on, as an operator runs them on `npm start`'s folder.
 */
export async function seededDataDir(prefix: string): Promise<{ dataDir: string; db: Kysely<Database> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const db = createDatabase({ file: path.join(dataDir, 'club.sqlite') });
  await migrateToLatest(db);
  await seedDemoData(db);
  return { dataDir, db };
}

export async function removeDataDir(dataDir: string, db: Kysely<Database>): Promise<void> {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
