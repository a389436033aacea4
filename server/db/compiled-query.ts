import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { dialectOf, type Dialect } from './database';
import type { Database } from './schema';

const SLOT = Symbol('compiled-query-slot');

/** Stands for the n-th value of a compiled query until it runs. */
interface Placeholder {
  readonly [SLOT]: number;
}

const slotOf = (value: unknown): number =>
  typeof value === 'object' && value !== null && SLOT in value ? (value as Placeholder)[SLOT] : -1;

/**
 * A query that Kysely builds and compiles to SQL once per dialect, then runs with each call's values: for a lookup
 * by key, rebuilding Kysely's operation tree and compiling it again costs more than the database's answer, and the
 * queries run on every request (the session check, the balance) are the same text each time.
 *
 * `build` gets one placeholder per value and may pass them only where Kysely takes a value (a comparison, a
 * `limit`), never into a list, a column name or raw SQL: it throws at the first run if any placeholder went missing.
 */
export function compiledQuery<A extends readonly unknown[], R>(
  arity: A['length'],
  build: (db: Kysely<Database>, ...values: never[]) => Compilable<R>,
): (db: Kysely<Database>, ...values: A) => Promise<R[]> {
  const compiled = new Map<Dialect, { query: CompiledQuery<R>; slots: number[] }>();
  return async (db, ...values) => {
    const dialect = dialectOf(db);
    let entry = compiled.get(dialect);
    if (!entry) {
      const placeholders = Array.from({ length: arity }, (_, i): Placeholder => ({ [SLOT]: i }));
      const query = build(db, ...(placeholders as never[])).compile();
      const slots = query.parameters.map(slotOf);
      for (let i = 0; i < arity; i += 1) {
        if (!slots.includes(i)) throw new Error(`compiledQuery: value ${i} does not reach the SQL as a parameter`);
      }
      entry = { query, slots };
      compiled.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((constant, i) => (slots[i]! >= 0 ? values[slots[i]!] : constant));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
