import type { Db } from '../../db/schema';
import { describeEvent, type NotificationEvent } from './events';
import { pushWanted } from './preferences';

/**
 * Writes the member's inbox line and one outbox row per live push subscription, in the caller's transaction: the
 * notification exists exactly when the change that caused it was committed, and nothing is sent here (the delivery
 * job sends it), so a slow or absent push service never slows the review that caused it. Returns the inbox id.
 */
export async function notify(trx: Db, event: NotificationEvent, now: Date): Promise<number> {
  const text = describeEvent(event);
  const at = now.toISOString();
  const inserted = await trx
    .insertInto('notifications')
    .values({
      user_id: event.userId,
      kind: text.kind,
      title: text.title,
      body: text.body,
      url: text.url,
      created_at: at,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!(await pushWanted(trx, event.userId, text.kind))) return inserted.id;
  // Only devices whose session is still live: a session ended elsewhere, by a password change or by its expiry
  // keeps its subscription row (a new login there refreshes it) but is sent nothing.
  const subscriptions = await trx
    .selectFrom('push_subscriptions as ps')
    .select('ps.id')
    .where('ps.user_id', '=', event.userId)
    .where((eb) =>
      eb.or([
        eb('ps.session_family_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('refresh_tokens as rt')
            .select('rt.id')
            .whereRef('rt.family_id', '=', 'ps.session_family_id')
            .where('rt.revoked_at', 'is', null)
            .where('rt.expires_at', '>', at),
        ),
      ]),
    )
    .execute();
  if (subscriptions.length > 0) {
    await trx
      .insertInto('notification_outbox')
      .values(
        subscriptions.map((s) => ({
          notification_id: inserted.id,
          subscription_id: s.id,
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .execute();
  }
  return inserted.id;
}
