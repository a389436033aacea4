import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver as KyselyDriver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/** Where the club's data lives: a SQLite file (the embedded default) or a PostgreSQL server. */
export type DatabaseTarget =
  { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'postgres'; readonly url: string };

export type Dialect = DatabaseTarget['kind'];

/** The driver under a Kysely instance, for the few libraries that take one directly (rate-limiter-flexible). */
export type Driver =
  | { readonly dialect: 'sqlite'; readonly sqlite: SqliteDatabase.Database }
  | { readonly dialect: 'postgres'; readonly pool: pg.Pool };

const drivers = new WeakMap<Kysely<Database>, Driver>();

// PostgreSQL's bigint (count, sum) and numeric arrive as strings by default; the club's numbers are points, cents
// and counts that fit a JS number, and SQLite gives numbers, so both dialects answer alike.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Pool size of one API process; several processes share the server's max_connections (100 by default). */
const POOL_SIZE = 10;

/** Distinct SQL texts whose compiled statements are kept; the club's queries are a few hundred at most. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The handle as Kysely's dialect sees it, compiling each SQL text once: Kysely asks for a new prepared statement
 * for every query, and compiling the same SQL again was the largest single cost of a request. A statement busy in
 * an unfinished iteration is never handed out twice; SQLite recompiles a kept statement itself after a schema change.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string): SqliteDatabase.Statement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last, so the oldest is the one dropped when the cache is full.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close(): void {
      statements.clear();
      sqlite.close();
    },
  };
}

/**
 * SQLite's transactions begin IMMEDIATE: the write lock is taken (or waited for, up to busy_timeout) when the
 * transaction starts. A transaction that began DEFERRED reads first and asks for the lock at its first write; if
 * another process (a terminal approval, the second API process) committed in between, SQLite answers SQLITE_BUSY at
 * once, without waiting, and the member met "Erro interno" on a busy machine. Every transaction the club opens
 * writes, so nothing is lost by taking the lock first.
 */
class WriteFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class WriteFirstSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): KyselyDriver {
    return new WriteFirstSqliteDriver(this.settings);
  }
}

/** `file` is a path, or a serialized database (`sqlite.serialize()`) opened as a private copy in memory. */
function createSqlite(file: string | Buffer): Kysely<Database> {
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; FULL makes a committed login or token rotation survive a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new WriteFirstSqliteDialect({ database: withStatementCache(sqlite) }) });
  drivers.set(db, { dialect: 'sqlite', sqlite });
  return db;
}

function createPostgres(url: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle connection cut by the server (restart, failover) is dropped by the pool and replaced on the next query;
  // without a listener, Node would end the whole API process on that event.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  drivers.set(db, { dialect: 'postgres', pool });
  return db;
}

/**
 * The same SQLite handle, whose `transaction()` commits without waiting for the disk (synchronous=NORMAL; WAL
 * keeps the file safe either way). For the rate-limit counters, written on every request: a FULL commit costs
 * milliseconds with the event loop blocked, while a power cut could only lose the last few counts. The setting is
 * put back in the same synchronous call, so no other commit runs with it. Inside a transaction already open on the
 * handle (where SQLite refuses the change) the write is a savepoint of that transaction and nothing is switched.
 */
export function withLightCommits(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const lightly =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      if (sqlite.inTransaction) return run(...args);
      const previous = Number(sqlite.pragma('synchronous', { simple: true }));
      sqlite.pragma('synchronous = NORMAL');
      try {
        return run(...args);
      } finally {
        sqlite.pragma(`synchronous = ${previous}`);
      }
    };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'transaction') {
        return (fn: (...args: unknown[]) => unknown) => lightly(target.transaction(fn));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Opens the club's database; `{ file }` is a SQLite file (or ':memory:'), kept for the tools that pass one. */
export function createDatabase(target: DatabaseTarget | { readonly file: string }): Kysely<Database> {
  if ('kind' in target && target.kind === 'postgres') return createPostgres(target.url);
  return createSqlite(target.file);
}

/**
 * A private in-memory copy of a serialized SQLite database (`driverOf(db).sqlite.serialize()`): the tests open each
 * app's database from one migrated and seeded image instead of migrating and seeding it again.
 */
export function openSqliteImage(image: Buffer): Kysely<Database> {
  return createSqlite(image);
}

/** The driver a database was opened with. */
export function driverOf(db: Kysely<Database>): Driver {
  const driver = drivers.get(db);
  if (!driver) throw new Error('database not opened by createDatabase');
  return driver;
}

/** Which SQL dialect a database or transaction speaks; the helpers of server/db/ branch on it, modules never do. */
export function dialectOf(db: Pick<Kysely<unknown>, 'getExecutor'>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Parses DATABASE_URL: unset is SQLite in the data folder; `postgres://…` is PostgreSQL; `sqlite:path` a file. */
export function databaseTargetFrom(url: string | undefined, defaultFile: string): DatabaseTarget {
  if (url === undefined) return { kind: 'sqlite', file: defaultFile };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (url === ':memory:') return { kind: 'sqlite', file: url };
  return { kind: 'sqlite', file: url.replace(/^(sqlite|file):(\/\/)?/i, '') };
}
