import type { ScheduledJob } from '../../jobs/scheduler';
import type { ModuleDeps } from '../club-module';
import { deliverDueNotifications, pruneNotifications } from './delivery';

/**
 * The outbox is read every few seconds: a push arrives within about five seconds of the change, and a push service
 * that is down only delays it (each row keeps its own next attempt).
 */
export const DELIVERY_EVERY_MS = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const notificationJobs = ({ db, config }: ModuleDeps): readonly ScheduledJob[] => [
  { name: 'notifications-delivery', everyMs: DELIVERY_EVERY_MS, run: () => deliverDueNotifications({ db, config }) },
  { name: 'notifications-prune', everyMs: DAY_MS, run: () => pruneNotifications(db, new Date(config.now())) },
];
