import { sql, type CreateTableBuilder, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from './database';

/**
 * The few places where SQLite and PostgreSQL differ, one small helper each, so that migrations and modules stay
 * dialect-free. Everything else (upserts with `excluded`, `returning`, keyset pages, ISO text dates) is written
 * once in portable SQL.
 */
type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

/** An auto-incrementing integer primary key named `id`: `integer autoincrement` on SQLite, `serial` on PostgreSQL. */
export function idColumn(db: AnyDb) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a builder transform for any table
  return <T extends CreateTableBuilder<any, any>>(table: T): T =>
    (dialectOf(db) === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())) as T;
}

/**
 * After rows were written with explicit ids (a copy, a table rebuild), the next generated id must come after them:
 * PostgreSQL's sequence does not see explicit ids; SQLite's autoincrement already does.
 */
export async function moveIdSequencePastRows(db: AnyDb, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false)
    FROM ${sql.table(table)}`.execute(db);
}

/** A column of raw bytes: `blob` on SQLite, `bytea` on PostgreSQL (both arrive as a Buffer). */
export function bytesType(db: AnyDb): 'blob' | 'bytea' {
  return dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
}

/** The default of a `created_at`-style text column: the current UTC time as `YYYY-MM-DD HH:MM:SS` on both. */
export function currentTimestampText(db: AnyDb): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`
    : sql<string>`CURRENT_TIMESTAMP`;
}

/** Makes a table append-only: any UPDATE or DELETE aborts with `<table> is append-only`. */
export async function makeAppendOnly(db: Kysely<unknown>, table: string): Promise<void> {
  const message = `${table} is append-only`;
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE FUNCTION ${sql.id(`${table}_append_only`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '${sql.raw(message)}'; END $$`.execute(db);
    for (const action of ['UPDATE', 'DELETE']) {
      await sql`CREATE TRIGGER ${sql.id(`${table}_no_${action.toLowerCase()}`)} BEFORE ${sql.raw(action)} ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION ${sql.id(`${table}_append_only`)}()`.execute(db);
    }
    return;
  }
  for (const action of ['UPDATE', 'DELETE']) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_no_${action.toLowerCase()}`)} BEFORE ${sql.raw(action)} ON ${sql.table(table)}
      BEGIN SELECT RAISE(ABORT, '${sql.raw(message)}'); END`.execute(db);
  }
}

/** The smaller of two numbers in a row: SQLite's two-argument `min`, PostgreSQL's `least`. */
export function least<T>(db: AnyDb, a: Expression<T> | RawBuilder<T>, b: Expression<T> | RawBuilder<T>): RawBuilder<T> {
  return dialectOf(db) === 'postgres' ? sql<T>`least(${a}, ${b})` : sql<T>`min(${a}, ${b})`;
}

/** The Brasília calendar day (UTC−3, no daylight saving since 2019) of an ISO timestamp column, as `YYYY-MM-DD`. */
export function brasiliaDay(db: AnyDb, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char((${sql.ref(column)})::timestamptz at time zone 'UTC' - interval '3 hours', 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${sql.ref(column)}, '-3 hours'), 1, 10)`;
}

/** True when a write failed on a unique constraint (or primary key): two racing requests, one wins. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = String(error.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A foreign key of a table: its column `from` refers to column `to` of `table`. */
export interface ForeignKey {
  table: string;
  from: string;
  to: string;
}

/** The foreign keys of a table, from the catalogue of either database. */
export async function foreignKeysOf(db: AnyDb, table: string): Promise<ForeignKey[]> {
  const query =
    dialectOf(db) === 'postgres'
      ? sql<ForeignKey>`
          SELECT ccu.table_name AS "table", kcu.column_name AS "from", ccu.column_name AS "to"
          FROM information_schema.table_constraints tc
          JOIN information_schema.key_column_usage kcu
            ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
          JOIN information_schema.constraint_column_usage ccu
            ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
          WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema() AND tc.table_name = ${table}`
      : sql<ForeignKey>`SELECT "table", "from", "to" FROM pragma_foreign_key_list(${table})`;
  return (await query.execute(db)).rows;
}

/** SQLite job claims expire after this long, so a process that died mid-run does not hold its job forever. */
const JOB_LEASE_MS = 60 * 60 * 1000;

export type JobOutcome<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

/**
 * Runs `work` only if no other process (or other app over the same database) is running the job `name`; otherwise
 * returns `{ ran: false }` at once. `work` uses the database as usual, not the lock's connection.
 * PostgreSQL: `pg_try_advisory_xact_lock` in a transaction held open while `work` runs; the server frees it when
 * the transaction ends or its connection dies. SQLite has one connection per process, which a transaction held
 * open would take from `work`: a process claims the job's row in job_runs instead, for a lease, and frees it after.
 */
export async function withJobLock<T>(
  db: Kysely<unknown>,
  name: string,
  work: () => Promise<T>,
): Promise<JobOutcome<T>> {
  if (dialectOf(db) === 'postgres') {
    return db.transaction().execute(async (trx): Promise<JobOutcome<T>> => {
      const lock = sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${name})) AS locked`;
      const { rows } = await lock.execute(trx);
      if (!rows[0]?.locked) return { ran: false };
      return { ran: true, value: await work() };
    });
  }
  const now = Date.now();
  const { rows } = await sql<{ name: string }>`
    INSERT INTO job_runs (name, locked_until) VALUES (${name}, ${now + JOB_LEASE_MS})
    ON CONFLICT (name) DO UPDATE SET locked_until = excluded.locked_until
      WHERE job_runs.locked_until IS NULL OR job_runs.locked_until < ${now}
    RETURNING name`.execute(db);
  if (rows.length === 0) return { ran: false };
  try {
    return { ran: true, value: await work() };
  } finally {
    await sql`UPDATE job_runs SET locked_until = NULL WHERE name = ${name}`.execute(db);
  }
}
