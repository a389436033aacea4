import type { Db } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/scheduler';
import { remindExpiringPoints } from './expiry-reminders';
import { expireAllDuePoints } from './ledger';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily expiry of due points, so balances never show expired points for long, and then the reminders of points
 * about to expire (30 and 7 days ahead); once a day for all processes.
 */
export const expiryJob = (db: Db, now: () => number): ScheduledJob => ({
  name: 'points-expiry',
  everyMs: DAY_MS,
  run: async () => {
    const at = new Date(now());
    await expireAllDuePoints(db, at);
    await remindExpiringPoints(db, at);
  },
});
