import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Remembers answers that can never change once the database has them (reference rows nobody edits, ledger lots,
 * which are only ever appended), so a request read on every page (`me`) stops asking the database for them. Kept
 * per handle: another database (a test's, or a transaction that may still roll back) never sees this one's answers.
 * Safe across several API processes for the same reason: there is nothing to invalidate. A key whose answer is
 * `undefined` (not there yet) is never kept. The oldest keys go first past `size`.
 */
export function lastingMemo<V>(size: number) {
  const perHandle = new WeakMap<Kysely<Database>, Map<string, V>>();
  return async (db: Kysely<Database>, key: string, load: () => Promise<V | undefined>): Promise<V | undefined> => {
    let kept = perHandle.get(db);
    const known = kept?.get(key);
    if (known !== undefined) return known;
    const value = await load();
    if (value === undefined) return undefined;
    if (!kept) perHandle.set(db, (kept = new Map()));
    kept.set(key, value);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return value;
  };
}
