import type { FileStorage } from './file-storage';

const HOUR_MS = 60 * 60 * 1000;

/** Which stored files a module answers for, and how it knows one is still in use. */
export interface SweepRule {
  /** Only keys under this prefix are listed ('' for all). */
  readonly prefix: string;
  /** Keys of the module's layout; any other key stays, whoever wrote it. */
  readonly owns: (key: string) => boolean;
  /** Files in flight (the local disk's tmp/): removed once old enough, whatever the database says. */
  readonly isTemporary?: (key: string) => boolean;
  /** Whether a row still points at the key. */
  readonly isReferenced: (key: string) => Promise<boolean>;
}

/**
 * Removes a module's files that no row knows, older than `minAgeMs` so that an upload in flight in another process
 * is left alone: a process that died between writing a file and committing its row leaves these. The one sweep of
 * every module's files; returns how many went.
 */
export async function sweepUnreferenced(
  storage: FileStorage,
  rule: SweepRule,
  now: Date,
  minAgeMs = HOUR_MS,
): Promise<number> {
  let removed = 0;
  for await (const { key, modifiedAt } of storage.list(rule.prefix)) {
    const temporary = rule.isTemporary?.(key) ?? false;
    if (!temporary && !rule.owns(key)) continue;
    if (now.getTime() - modifiedAt.getTime() < minAgeMs) continue;
    if (temporary || !(await rule.isReferenced(key))) {
      await storage.delete(key);
      removed++;
    }
  }
  return removed;
}
