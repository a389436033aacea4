import type { Db } from '../../db/schema';
import { MAX_ATTEMPTS } from './delivery';

/**
 * The push outbox as the metrics see it (server/metrics/app-gauges.ts): rows still to send, given-up ones left out,
 * and the creation of the oldest of them.
 */
export async function pushQueueDepth(db: Db): Promise<{ pending: number; oldestCreatedAt: string | null }> {
  const row = await db
    .selectFrom('notification_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .executeTakeFirst();
  return { pending: Number(row?.pending ?? 0), oldestCreatedAt: row?.oldest ?? null };
}
