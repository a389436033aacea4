import type { Transaction } from 'kysely';
import type { Database, Db } from './schema';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new one: a step that must land with the
 * change around it (a ledger entry, an audit line) joins that change's transaction instead of committing alone.
 */
export function runInTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
