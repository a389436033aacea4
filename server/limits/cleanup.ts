import type { Db } from '../db/schema';
import type { ScheduledJob } from '../jobs/scheduler';
import { deleteExpiredChallenges } from './used-challenges';
import './tables';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes limit counters whose window has ended (a new hit would restart them anyway) and expired ALTCHA rows. */
export async function clearExpiredLimits(db: Db, nowMs: number): Promise<{ limits: number; challenges: number }> {
  const limits = await db.deleteFrom('rate_limits').where('expire', '<', nowMs).executeTakeFirst();
  const challenges = await deleteExpiredChallenges(db, new Date(nowMs));
  return { limits: Number(limits.numDeletedRows), challenges };
}

/**
 * Hourly, once for all processes. The counters and ALTCHA rows hold real time (the library and the challenges
 * read the system clock), so this job does too, whatever clock the app was given.
 */
export const limitsCleanupJob = (db: Db): ScheduledJob => ({
  name: 'limits-cleanup',
  everyMs: HOUR_MS,
  run: () => clearExpiredLimits(db, Date.now()),
});
