import type { Db } from '../../db/schema';

/** At logout: the device's subscriptions of that session go, so a shared phone stops showing the member's pushes. */
export async function removeSessionSubscriptions(db: Db, userId: number, familyId: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('session_family_id', '=', familyId)
    .execute();
}
