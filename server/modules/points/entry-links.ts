import type { Db } from '../../db/schema';
import type { ServiceDeps } from '../service-deps';

type Deps = ServiceDeps<'db' | 'userId'>;

/** A row that spent or gave back points: the ledger entries of its debit and of its refund. */
export interface EntryOwner {
  readonly id: number;
  readonly debit_entry_id: number | null;
  readonly refund_entry_id: number | null;
}

/**
 * A field of the extract's entries that names what a debit or a refund belonged to (a reward order, a partner
 * transfer), resolved for a whole page in one query: the entries of a page resolve the field in the same tick, so
 * the first one starts a batch the others join. `owners` reads the member's rows whose debit or refund is one of
 * the entries given; `kinds` are the entry kinds that can have one.
 */
export function entryOwnerField(
  kinds: readonly string[],
  owners: (db: Db, userId: number, entryIds: readonly number[]) => Promise<readonly EntryOwner[]>,
) {
  const batches = new WeakMap<object, { ids: Set<number>; owners: Promise<Map<number, string>> }>();
  return (deps: Deps, entry: { id: string; kind: string }): Promise<string | null> | null => {
    if (!kinds.includes(entry.kind) || deps.userId === null) return null;
    let batch = batches.get(deps);
    if (!batch) {
      const ids = new Set<number>();
      const userId = deps.userId;
      const found = Promise.resolve().then(async () => {
        batches.delete(deps);
        const byEntry = new Map<number, string>();
        for (const row of await owners(deps.db, userId, [...ids])) {
          if (row.debit_entry_id !== null) byEntry.set(row.debit_entry_id, String(row.id));
          if (row.refund_entry_id !== null) byEntry.set(row.refund_entry_id, String(row.id));
        }
        return byEntry;
      });
      batch = { ids, owners: found };
      batches.set(deps, batch);
    }
    const id = Number(entry.id);
    batch.ids.add(id);
    return batch.owners.then((byEntry) => byEntry.get(id) ?? null);
  };
}
