import type { Db } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/scheduler';
import { expireAllDuePoints } from './ledger';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily expiry of due points, so balances never show expired points for long; once a day for all processes. */
export const expiryJob = (db: Db, now: () => number): ScheduledJob => ({
  name: 'points-expiry',
  everyMs: DAY_MS,
  run: () => expireAllDuePoints(db, new Date(now())),
});
