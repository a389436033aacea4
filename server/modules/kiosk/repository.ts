// Every query of the kiosk module: set-up codes, kiosks and hand-off links (all by hash), and the sign-ups they touch.
import type { Insertable } from 'kysely';
import type { Db, HandoffLinksTable, KiosksTable } from '../../db/schema';

export async function insertKioskCode(db: Db, codeHash: string, storeId: number, expiresAt: string): Promise<void> {
  await db
    .insertInto('kiosk_codes')
    .values({ code_hash: codeHash, store_id: storeId, expires_at: expiresAt })
    .execute();
}

/** Uses a set-up code once: the store it sets up, or nothing when it is unknown, used or expired. */
export async function consumeKioskCode(db: Db, codeHash: string, now: string): Promise<number | null> {
  const row = await db
    .updateTable('kiosk_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('store_id')
    .executeTakeFirst();
  return row?.store_id ?? null;
}

export async function insertKiosk(db: Db, kiosk: Insertable<KiosksTable>): Promise<void> {
  await db.insertInto('kiosks').values(kiosk).execute();
}

/** A live kiosk by its key hash, with its store. */
export const findKioskByKey = (db: Db, keyHash: string) =>
  db
    .selectFrom('kiosks')
    .innerJoin('stores', 'stores.id', 'kiosks.store_id')
    .select([
      'kiosks.id as kioskId',
      'stores.id as storeId',
      'stores.slug',
      'stores.name',
      'stores.city',
      'stores.uf',
      'stores.active',
    ])
    .where('kiosks.key_hash', '=', keyHash)
    .where('kiosks.revoked_at', 'is', null)
    .executeTakeFirst();

export async function revokeKioskByKey(db: Db, keyHash: string, at: string): Promise<void> {
  await db
    .updateTable('kiosks')
    .set({ revoked_at: at })
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function touchKiosk(db: Db, kioskId: string, at: string): Promise<void> {
  await db.updateTable('kiosks').set({ last_seen_at: at }).where('id', '=', kioskId).execute();
}

export const findStoreById = (db: Db, id: number) =>
  db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertHandoffLink(db: Db, link: Insertable<HandoffLinksTable>): Promise<void> {
  await db.insertInto('handoff_links').values(link).execute();
}

/** A hand-off link with its sign-up, when the link is unused and unexpired and the sign-up still open. */
export const findLiveHandoff = (db: Db, tokenHash: string, now: string) =>
  db
    .selectFrom('handoff_links')
    .innerJoin('pending_signups', 'pending_signups.id', 'handoff_links.signup_id')
    .selectAll('pending_signups')
    .where('handoff_links.token_hash', '=', tokenHash)
    .where('handoff_links.used_at', 'is', null)
    .where('handoff_links.expires_at', '>', now)
    .where('pending_signups.completed_at', 'is', null)
    .executeTakeFirst();

/** A hand-off link's own state and its kiosk, with whether its sign-up was finished: nothing about the customer. */
export const findHandoffState = (db: Db, tokenHash: string) =>
  db
    .selectFrom('handoff_links')
    .innerJoin('pending_signups', 'pending_signups.id', 'handoff_links.signup_id')
    .select([
      'handoff_links.kiosk_id',
      'handoff_links.used_at',
      'handoff_links.expires_at',
      'pending_signups.completed_at',
    ])
    .where('handoff_links.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Uses a hand-off link once; false when another request used it first. */
export async function useHandoffLink(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('handoff_links')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every other link of the sign-up stops working: only the newest one texted is good. */
export async function retireHandoffLinks(db: Db, signupId: string, at: string): Promise<void> {
  await db
    .updateTable('handoff_links')
    .set({ used_at: at })
    .where('signup_id', '=', signupId)
    .where('used_at', 'is', null)
    .execute();
}
