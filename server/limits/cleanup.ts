import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ScheduledJob } from '../jobs/scheduler';
import './tables';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes limit counters whose window has ended (a new hit would restart them anyway). */
export async function clearExpiredLimits(db: Kysely<Database>, nowMs: number): Promise<{ limits: number }> {
  const limits = await db.deleteFrom('rate_limits').where('expire', '<', nowMs).executeTakeFirst();
  return { limits: Number(limits.numDeletedRows) };
}

/**
 * Hourly, once for all processes. The counters hold real time (the library reads the system clock), so this job
 * does too, whatever clock the app was given.
 */
export const limitsCleanupJob = (db: Kysely<Database>): ScheduledJob => ({
  name: 'limits-cleanup',
  everyMs: HOUR_MS,
  run: () => clearExpiredLimits(db, Date.now()),
});
