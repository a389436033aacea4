import type { AppConfig } from '../../config';
import type { Db } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/scheduler';
import { deleteOldDeviceSessions } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily run, once for all API processes (the job lock): device sessions older than 90 days are deleted. */
export const deviceSessionsCleanupJob = (db: Db, config: AppConfig): ScheduledJob => ({
  name: 'device-sessions-cleanup',
  everyMs: DAY_MS,
  run: () => deleteOldDeviceSessions({ db, config }),
});
