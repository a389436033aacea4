import type { Db } from '../../db/schema';
import './tables';

/** Every message of the channel, both ways, is kept this long for support (the regulamento says so), then deleted. */
export const KEEP_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes what is past its keeping: messages and statuses after 90 days, finished deliveries after a day. */
export async function pruneChannel(db: Db, now: Date): Promise<{ messages: number }> {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString();
  const messages = await db.deleteFrom('whatsapp_messages').where('created_at', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('whatsapp_statuses').where('received_at', '<', cutoff).execute();
  await db
    .deleteFrom('whatsapp_deliveries')
    .where((eb) =>
      eb.or([
        eb('done_at', '<', new Date(now.getTime() - DAY_MS).toISOString()),
        eb.and([eb('next_attempt_at', 'is', null), eb('received_at', '<', cutoff)]),
      ]),
    )
    .execute();
  return { messages: Number(messages.numDeletedRows) };
}
