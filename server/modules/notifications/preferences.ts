import type { Db, NotificationKind } from '../../db/schema';
import { findUserById, updateUser } from '../users';

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'invoices',
  'projects',
  'points_expiring',
  'rewards',
  'news',
];

/**
 * Whether the member wants pushes of a kind. Every kind is on until turned off, except "novidades do clube", which
 * is the member's acceptMessageComunications (the consent of the sign-up and the profile): one switch, not two
 * that could disagree.
 */
export async function pushWanted(db: Db, userId: number, kind: NotificationKind): Promise<boolean> {
  if (kind === 'news') return (await findUserById(db, userId))?.accept_message_comunications === 1;
  const row = await db
    .selectFrom('notification_preferences')
    .select('enabled')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? row.enabled === 1 : true;
}

export async function preferencesOf(db: Db, userId: number): Promise<{ kind: NotificationKind; enabled: boolean }[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
  const user = await findUserById(db, userId);
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    enabled:
      kind === 'news'
        ? user?.accept_message_comunications === 1
        : (rows.find((r) => r.kind === kind)?.enabled ?? 1) === 1,
  }));
}

export async function setPreference(
  db: Db,
  userId: number,
  kind: NotificationKind,
  enabled: boolean,
  now: Date,
): Promise<void> {
  if (kind === 'news') {
    await updateUser(db, userId, { accept_message_comunications: enabled ? 1 : 0 }, now);
    return;
  }
  const at = now.toISOString();
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, kind, enabled: enabled ? 1 : 0, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: at }))
    .execute();
}
