import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export interface DatabaseOptions {
  /** SQLite file path, or ':memory:' for tests. */
  readonly file: string;
}

export function createDatabase({ file }: DatabaseOptions): Kysely<Database> {
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; FULL makes a committed login or token rotation survive a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
