// Every query of the device-sessions module: the receiver's session rows, the members seen on a device, and the
// member's active refresh-token families ("Aparelhos conectados"). The service holds the rules.
import { sql, type Updateable } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { DeviceSessionsTable, UserRow, Db } from '../../db/schema';

export const findDeviceSession = (db: Db, id: string) =>
  db.selectFrom('device_sessions').selectAll().where('id', '=', id).executeTakeFirst();

/** A new handshake for a session id: new keys, the replay counter starts over, what was seen of the device stays. */
export async function upsertHandshake(
  db: Db,
  row: { id: string; serverPrivateKey: string; clientPublicKey: string; at: string; ip: string },
): Promise<void> {
  await db
    .insertInto('device_sessions')
    .values({
      id: row.id,
      server_private_key: row.serverPrivateKey,
      client_public_key: row.clientPublicKey,
      handshake_at: row.at,
      highest_local_index: null,
      ip: row.ip,
      first_seen_at: row.at,
      last_seen_at: row.at,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        server_private_key: row.serverPrivateKey,
        client_public_key: row.clientPublicKey,
        handshake_at: row.at,
        highest_local_index: null,
        ip: row.ip,
        last_seen_at: row.at,
      }),
    )
    .execute();
}

/**
 * Records an accepted envelope, only if its local index is above every one accepted in this handshake (compared in
 * the same statement, so two copies sent at once cannot both pass). False when it was a replay.
 */
export async function acceptEnvelope(
  db: Db,
  id: string,
  handshakeAt: string,
  localIndex: number,
  values: Updateable<DeviceSessionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('device_sessions')
    .set({ ...values, highest_local_index: localIndex })
    .where('id', '=', id)
    .where('handshake_at', '=', handshakeAt)
    .where((eb) => eb.or([eb('highest_local_index', 'is', null), eb('highest_local_index', '<', localIndex)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes sessions not seen since `before`, and clears key material of handshakes older than `keysBefore`. */
export async function deleteOldSessions(db: Db, before: string, keysBefore: string): Promise<number> {
  const deleted = await db.deleteFrom('device_sessions').where('last_seen_at', '<', before).executeTakeFirst();
  await db
    .updateTable('device_sessions')
    .set({ server_private_key: null, client_public_key: null })
    .where('handshake_at', '<', keysBefore)
    .where('server_private_key', 'is not', null)
    .execute();
  return Number(deleted.numDeletedRows);
}

/**
 * The distinct members tied to a device hash since `since`: by a login or sign-up (a refresh-token family), an
 * invoice or a project sent from any session of that device.
 */
export async function membersOfDevice(db: Db, hash: string, since: string): Promise<number[]> {
  const sessions = db
    .selectFrom('device_sessions')
    .select('id')
    .where('device_hash', '=', hash)
    .where('last_seen_at', '>=', since);
  const rows = await db
    .selectFrom('refresh_tokens')
    .select('user_id')
    .where('device_session_id', 'in', sessions)
    .where('created_at', '>=', since)
    .union(
      db
        .selectFrom('invoices')
        .select('user_id')
        .where('device_session_id', 'in', sessions)
        .where('created_at', '>=', since),
    )
    .union(
      db
        .selectFrom('projects')
        .select('user_id')
        .where('device_session_id', 'in', sessions)
        .where('created_at', '>=', since),
    )
    .execute();
  return rows.map((r) => r.user_id);
}

/** A member's active sessions: refresh-token families with a live token, newest use first. */
export async function activeFamilies(db: Db, userId: number, now: string) {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select((eb) => [
      'family_id',
      eb.fn.min('created_at').as('created_at'),
      eb.fn.max('created_at').as('last_used_at'),
      eb.fn.max('device_session_id').as('device_session_id'),
    ])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .groupBy('family_id')
    .having((eb) => eb.fn.max('expires_at'), '>', now)
    .orderBy(sql`max(created_at)`, 'desc')
    .execute();
  const sessionIds = [...new Set(rows.flatMap((r) => (r.device_session_id ? [r.device_session_id] : [])))];
  const devices =
    sessionIds.length === 0
      ? []
      : await db
          .selectFrom('device_sessions')
          .select(['id', 'device', 'ip', 'region'])
          .where('id', 'in', sessionIds)
          .execute();
  const byId = new Map(devices.map((d) => [d.id, d]));
  return rows.map((r) => ({
    familyId: r.family_id,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    device: r.device_session_id ? (byId.get(r.device_session_id)?.device ?? null) : null,
    ip: r.device_session_id ? (byId.get(r.device_session_id)?.ip ?? null) : null,
    region: r.device_session_id ? (byId.get(r.device_session_id)?.region ?? null) : null,
  }));
}

/** State names by UF, for the UFs a proxy reported; an unknown code simply has no name. */
export async function stateNames(db: Db, ufs: readonly string[]): Promise<Map<string, string>> {
  if (ufs.length === 0) return new Map();
  const rows = await db
    .selectFrom('states')
    .select(['uf', 'name'])
    .where('uf', 'in', [...new Set(ufs)])
    .execute();
  return new Map(rows.map((r) => [r.uf, r.name]));
}

const activeFamilyMember = compiledQuery<[userId: number, familyId: string, now: string], UserRow & { live: unknown }>(
  3,
  (db, userId, familyId, now) =>
    db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('refresh_tokens')
              .select('refresh_tokens.id')
              .where('refresh_tokens.family_id', '=', familyId)
              .where('refresh_tokens.user_id', '=', userId)
              .where('refresh_tokens.revoked_at', 'is', null)
              .where('refresh_tokens.expires_at', '>', now),
          )
          .as('live'),
      )
      .where('users.id', '=', userId),
);

/**
 * The member an access token of this family may still act for, as their row stands: its family has a live refresh
 * token, or the member is disabled (disabling ends every family, and such a member must hear 'User disabled',
 * docs/product.md#72-the-member-query, rather than a plain expired session). Undefined otherwise. One indexed lookup,
 * compiled once, which also spares the request's first resolver reading the member again.
 */
export async function memberOfActiveFamily(
  db: Db,
  familyId: string,
  userId: number,
  now: string,
): Promise<UserRow | undefined> {
  const [row] = await activeFamilyMember(db, userId, familyId, now);
  if (!row) return undefined;
  const { live, ...user } = row;
  return user.disabled_at !== null || Boolean(live) ? user : undefined;
}

/**
 * The device sessions a member was seen on (the logins and sign-ups of their token families, and the sign-up's own),
 * newest seen first, `limit` rows; and when they last signed in or refreshed a session.
 */
export async function devicesOfMember(db: Db, userId: number, limit: number) {
  const viaTokens = db
    .selectFrom('refresh_tokens')
    .select('device_session_id')
    .where('user_id', '=', userId)
    .where('device_session_id', 'is not', null);
  const viaSignup = db
    .selectFrom('users')
    .select('signup_device_session_id as device_session_id')
    .where('id', '=', userId)
    .where('signup_device_session_id', 'is not', null);
  const devices = await db
    .selectFrom('device_sessions')
    .select([
      'id',
      'device',
      'device_hash',
      'region',
      'incognito',
      'automation',
      'foreign_time_zone',
      'foreign_language',
      'first_seen_at',
      'last_seen_at',
    ])
    // One list of ids (each part read by its own index), then the sessions by primary key: an OR of two
    // subqueries made PostgreSQL read every device session of the club.
    .where('id', 'in', viaTokens.unionAll(viaSignup))
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  const last = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { devices, lastAccessAt: last?.at ?? null };
}
