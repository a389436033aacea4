import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { driverOf } from '../db/database';
import type { Db } from '../db/schema';

/**
 * What the database ran and how it planned it, for the query-plan guard (server/db/query-plans.test.ts) and the
 * scale benchmark (bench/club-at-scale.ts): every statement a request sends is captured at the driver, with its
 * values and its time, whatever built it (Kysely's builder, a compiled query), and each read is explained.
 */
export interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  readonly ms: number;
}

/** One node of a plan: a scan of a table (by index or not), or another step. */
export interface PlanNode {
  readonly type: string;
  readonly table: string | null;
  readonly index: string | null;
  readonly rows: number | null;
  /**
   * An index scan that reads all of its index (see readsWholeIndex): walking a whole table's index in order until a
   * LIMIT is met, or testing a condition on its second column in every entry, is a whole-table read too.
   */
  readonly wholeIndex: boolean;
  /** The node as the database words it, e.g. `Seq Scan on users (≈200000 rows)`. */
  readonly text: string;
}

export interface StatementCapture {
  /** Statements since the last call, oldest first. */
  take(): Statement[];
  stop(): void;
}

type AnyFn = (...args: unknown[]) => unknown;

/** Wraps `owner[name]` so each call is timed and recorded; the original comes back on stop. */
function wrap(
  owner: Record<string, unknown>,
  name: string,
  record: (self: unknown, args: unknown[], ms: number) => void,
) {
  const original = owner[name] as AnyFn;
  owner[name] = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      return result.then((value: unknown) => {
        record(this, args, performance.now() - started);
        return value;
      });
    }
    record(this, args, performance.now() - started);
    return result;
  };
  return () => void (owner[name] = original);
}

/** Starts recording every statement sent to the database's driver (all handles of this process on that driver). */
export function captureStatements(db: Db): StatementCapture {
  let captured: Statement[] = [];
  const restores: (() => void)[] = [];
  const driver = driverOf(db);
  if (driver.dialect === 'postgres') {
    restores.push(
      wrap(pg.Client.prototype as unknown as Record<string, unknown>, 'query', (_self, args, ms) => {
        const [text, values] = args;
        const sql = typeof text === 'string' ? text : ((text as { text?: string } | undefined)?.text ?? '');
        if (sql) captured.push({ sql, parameters: Array.isArray(values) ? values : [], ms });
      }),
    );
  } else {
    const statement = Object.getPrototypeOf(driver.sqlite.prepare('SELECT 1')) as Record<string, unknown>;
    for (const method of ['all', 'get', 'run']) {
      restores.push(
        wrap(statement, method, (self, args, ms) => {
          const parameters = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
          captured.push({ sql: (self as SqliteDatabase.Statement).source, parameters, ms });
        }),
      );
    }
  }
  return {
    take: () => {
      const out = captured;
      captured = [];
      return out;
    },
    stop: () => restores.reverse().forEach((restore) => restore()),
  };
}

/** A read the planner can explain: SELECT or WITH … SELECT (writes and transaction control are left out). */
export const isRead = (statement: Pick<Statement, 'sql'>) => /^\s*(select|with)\b/i.test(statement.sql);

interface PostgresPlan {
  'Node Type': string;
  'Index Cond'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PostgresPlan[];
}

interface IndexShape {
  readonly partial: boolean;
  /** The index's first column; null when it is an expression. */
  readonly leading: string | null;
}

/**
 * Whether an index scan reads its whole index: no condition bounds it and the index is not partial (a partial index
 * is as small as its predicate), or its conditions leave out the index's first column (the scan then walks every
 * entry to test them).
 */
function readsWholeIndex(shape: IndexShape | undefined, condition: string | undefined): boolean {
  if (!shape) return false;
  if (condition === undefined) return !shape.partial;
  return shape.leading !== null && !new RegExp(`\\b${shape.leading}\\b`).test(condition);
}

function flattenPostgres(
  plan: PostgresPlan,
  indexes: ReadonlyMap<string, IndexShape>,
  into: PlanNode[] = [],
  heapTable: string | null = null,
) {
  // A Bitmap Index Scan names no table: it is the one of the Bitmap Heap Scan above it.
  const table = plan['Relation Name'] ?? heapTable;
  const index = plan['Index Name'] ?? null;
  const rows = plan['Plan Rows'] ?? null;
  const on = table ? ` on ${table}` : '';
  const using = index ? ` using ${index}` : '';
  const wholeIndex = index !== null && readsWholeIndex(indexes.get(index), plan['Index Cond']);
  const text = `${plan['Node Type']}${using}${on}${wholeIndex ? ', whole index' : ''} (≈${rows} rows)`;
  into.push({ type: plan['Node Type'], table, index, rows, wholeIndex, text });
  const below = plan['Node Type'] === 'Bitmap Heap Scan' ? table : null;
  for (const child of plan.Plans ?? []) flattenPostgres(child, indexes, into, below);
  return into;
}

/** Every index of the database: whether it is partial, and its first column (read once per pool). */
const shapesOfPool = new WeakMap<pg.Pool, Promise<Map<string, IndexShape>>>();
async function indexShapes(pool: pg.Pool, client: pg.PoolClient): Promise<Map<string, IndexShape>> {
  let shapes = shapesOfPool.get(pool);
  if (!shapes) {
    shapes = readIndexShapes(client);
    shapesOfPool.set(pool, shapes);
  }
  return shapes;
}

async function readIndexShapes(client: pg.PoolClient): Promise<Map<string, IndexShape>> {
  const result = await client.query<{ name: string; partial: boolean; leading: string | null }>(
    `SELECT c.relname AS name, i.indpred IS NOT NULL AS partial, a.attname AS leading
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]`,
  );
  return new Map(result.rows.map((r) => [r.name, { partial: r.partial, leading: r.leading }]));
}

/**
 * The plan of a read, as nodes. `forceIndexes` switches PostgreSQL's sequential scans off for it, so at a small size
 * (where a whole-table read is honestly cheaper) a scan with no index to use still shows as a Seq Scan.
 */
export async function explain(db: Db, statement: Statement, { forceIndexes = false } = {}): Promise<PlanNode[]> {
  const driver = driverOf(db);
  if (driver.dialect === 'sqlite') {
    const rows = driver.sqlite
      .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .all(...(statement.parameters as unknown[])) as { detail: string }[];
    return rows.map(({ detail }): PlanNode => {
      const scan =
        /^(SCAN|SEARCH) (\w+)(?: AS \w+)?(?: USING (?:COVERING |INTEGER PRIMARY KEY)?(?:INDEX (\w+))?)?/.exec(detail);
      const type = scan?.[1] ?? detail;
      const index = scan?.[3] ?? null;
      return { type, table: scan?.[2] ?? null, index, rows: null, wholeIndex: type === 'SCAN', text: detail };
    });
  }
  const client = await driver.pool.connect();
  try {
    if (forceIndexes) await client.query('SET enable_seqscan = off');
    const result = await client.query<{ 'QUERY PLAN': [{ Plan: PostgresPlan }] }>(
      `EXPLAIN (FORMAT JSON) ${statement.sql}`,
      [...statement.parameters],
    );
    return flattenPostgres(result.rows[0]!['QUERY PLAN'][0].Plan, await indexShapes(driver.pool, client));
  } finally {
    if (forceIndexes) await client.query('RESET enable_seqscan');
    client.release();
  }
}

/** The nodes that read a whole table: a sequential scan (PostgreSQL's Seq Scan, SQLite's SCAN) or a whole index. */
export const fullScans = (nodes: readonly PlanNode[]) =>
  nodes.filter((n) => n.table !== null && (n.type === 'Seq Scan' || n.type === 'SCAN' || n.wholeIndex));
