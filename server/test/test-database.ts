import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, driverOf, openSqliteImage } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { seedDemoData } from '../seed';

/**
 * The API suite runs twice: on SQLite (a fresh in-memory database per test app) and on a real PostgreSQL server
 * started by the suite's global setup (a fresh database per test app, copied from a template migrated and seeded
 * once). The Jest project says which through its `globals`.
 */
export const TEMPLATE_DATABASE = 'club_template';
export const POSTGRES_URL_ENV = 'CLUB_TEST_POSTGRES_URL';

export function testDialect(): 'sqlite' | 'postgres' {
  return (globalThis as { CLUB_TEST_DATABASE?: string }).CLUB_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

function serverUrl(): string {
  const url = process.env[POSTGRES_URL_ENV];
  if (!url) throw new Error(`${POSTGRES_URL_ENV} is not set: run the PostgreSQL project through Jest's global setup`);
  return url;
}

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrates and seeds the template every PostgreSQL test database is copied from. */
export async function createTemplate(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await client.end();
  const db = createDatabase({ kind: 'postgres', url: withDatabase(url, TEMPLATE_DATABASE) });
  await migrateToLatest(db);
  await seedDemoData(db);
  await db.destroy();
}

export interface TestDatabase {
  db: Kysely<Database>;
  /**
   * Another handle on the same database, as a second API process would have: on PostgreSQL a new pool on the
   * same URL; on SQLite the same Kysely, since an in-memory database has no second connection.
   */
  open: () => Kysely<Database>;
  drop: () => Promise<void>;
}

/**
 * The migrated and seeded SQLite database every test app of a file starts from, as bytes: migrating and seeding took
 * 100–500 ms per app, a copy of the image a millisecond. Made at a file's first app (Jest loads modules afresh for
 * each file), as the PostgreSQL project's template is made once per run.
 */
let sqliteImage: Promise<Buffer> | undefined;

/**
 * Where the API project's global setup saved the image for the whole run (compiled-server-setup.ts): a file's first
 * seed paid for loading the content renderer and the reference data, 1–2 s of each of ~140 files on an idle machine.
 */
export const SQLITE_IMAGE_ENV = 'CLUB_TEST_SQLITE_IMAGE';

/** Saves the migrated and seeded image to `file`, for every test file of the run to start from. */
export async function writeSqliteImage(file: string): Promise<void> {
  await writeFile(file, await makeSqliteImage());
}

/** The run's saved image when the global setup made one, else one made here (a file run outside the project). */
async function loadSqliteImage(): Promise<Buffer> {
  const file = process.env[SQLITE_IMAGE_ENV];
  return file ? readFile(file) : makeSqliteImage();
}

async function makeSqliteImage(): Promise<Buffer> {
  const db = createDatabase({ kind: 'sqlite', file: ':memory:' });
  try {
    await migrateToLatest(db);
    await seedDemoData(db);
    const driver = driverOf(db);
    if (driver.dialect !== 'sqlite') throw new Error('SQLite expected');
    return driver.sqlite.serialize();
  } finally {
    await db.destroy();
  }
}

/**
 * A fresh, migrated database with the demo member, on the dialect of the running Jest project; `seeded: false` leaves
 * it as a new club's before its first start (migrated, nothing seeded), for what the start itself seeds;
 * `migrated: false` leaves it empty, for a test that runs the migrations itself.
 */
export async function createTestDatabase({
  seeded = true,
  migrated = true,
}: { seeded?: boolean; migrated?: boolean } = {}): Promise<TestDatabase> {
  const fresh = !seeded || !migrated;
  if (testDialect() === 'sqlite') {
    const db = fresh
      ? createDatabase({ kind: 'sqlite', file: ':memory:' })
      : openSqliteImage(await (sqliteImage ??= loadSqliteImage()));
    if (fresh && migrated) await migrateToLatest(db);
    return { db, open: () => db, drop: () => db.destroy() };
  }
  const name = fresh ? await copyOf(null) : await takeSpare();
  const url = withDatabase(serverUrl(), name);
  const handles = [createDatabase({ kind: 'postgres', url })];
  if (fresh && migrated) await migrateToLatest(handles[0]!);
  return {
    db: handles[0]!,
    open: () => {
      const other = createDatabase({ kind: 'postgres', url });
      handles.push(other);
      return other;
    },
    drop: async () => {
      for (const handle of handles) await handle.destroy();
      // Dropped while the next test runs: nothing connects to it again (settleTestDatabases waits at the file's end).
      background(admin((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`)));
    },
  };
}

/**
 * A new database on the PostgreSQL server: a copy of the migrated and seeded template, or an empty one (`null`).
 * FILE_COPY copies the template's files where PostgreSQL 15's default (WAL_LOG) writes every page through the WAL: the
 * same 100 ms to create here, but a drop took 88 ms instead of 17 ms; made ahead in the background (below), six of the
 * slowest PostgreSQL files took 75–87 s with WAL_LOG against 56–60 s with FILE_COPY.
 */
async function copyOf(template: string | null): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin((client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template} STRATEGY FILE_COPY` : ''}`),
  );
  return name;
}

/**
 * The next test's seeded copy, made while the current test runs: a copy and a drop cost about 300 ms on the suite's
 * server, most of it files rather than the test's CPU (six of the slowest PostgreSQL files: 63 s → 56–60 s). One spare
 * at a time per test file.
 */
let spare: Promise<string> | null = null;
const pending = new Set<Promise<unknown>>();

function background(work: Promise<unknown>): void {
  const tracked = work.catch(() => undefined).finally(() => pending.delete(tracked));
  pending.add(tracked);
}

async function takeSpare(): Promise<string> {
  const taken = spare ?? copyOf(TEMPLATE_DATABASE);
  spare = copyOf(TEMPLATE_DATABASE);
  // A failed spare is made again when taken; it must not end the run as an unhandled rejection before then.
  spare.catch(() => undefined);
  return taken;
}

/**
 * At a test file's end (server/test/postgres-file-end.ts): the drops still running finish and the unused spare is
 * dropped, so no connection outlives the file and no copy is left on the server.
 */
export async function settleTestDatabases(): Promise<void> {
  const left = spare;
  spare = null;
  if (left) {
    const name = await left.catch(() => null);
    if (name) background(admin((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`)));
  }
  await Promise.all(pending);
}
