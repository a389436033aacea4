// Every query of the partner module: the services hold the rules, this file only reads and writes rows.
import type { Insertable, Updateable } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Db, PartnerTransferRow, PartnerTransferStatus, PartnerTransfersTable } from '../../db/schema';

// ---- Links -----------------------------------------------------------------------------------------------------

export const linkOf = (db: Db, userId: number) =>
  db.selectFrom('partner_links').selectAll().where('user_id', '=', userId).executeTakeFirst();

const linkedQuery = compiledQuery<[userId: number], { user_id: number }>(1, (db, userId) =>
  db.selectFrom('partner_links').select('user_id').where('user_id', '=', userId),
);

/** Whether the member has a linked account: asked by every `me` (the profile's status), so compiled once. */
export const isLinked = async (db: Db, userId: number): Promise<boolean> => (await linkedQuery(db, userId)).length > 0;

export const insertLink = (db: Db, userId: number, accountId: string, at: string) =>
  db.insertInto('partner_links').values({ user_id: userId, account_id: accountId, linked_at: at }).execute();

export async function deleteLink(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('partner_links').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const insertLinkAttempt = (db: Db, userId: number, at: string) =>
  db.insertInto('partner_link_attempts').values({ user_id: userId, created_at: at }).execute();

export async function linkAttemptsSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('partner_link_attempts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- Transfers -------------------------------------------------------------------------------------------------

export const transferByAttempt = (db: Db, userId: number, key: string) =>
  db
    .selectFrom('partner_transfers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export const transferById = (db: Db, id: number) =>
  db.selectFrom('partner_transfers').selectAll().where('id', '=', id).executeTakeFirst();

export const ownTransfer = (db: Db, userId: number, id: number) =>
  db.selectFrom('partner_transfers').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

/** Newest first, keyset on id. */
export function ownTransfers(db: Db, userId: number, beforeId: number | null, limit: number) {
  let query = db.selectFrom('partner_transfers').selectAll().where('user_id', '=', userId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** The member's transfers since an instant that still count against the daily limit (a refused one does not). */
export async function countingTransfersSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('partner_transfers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('status', '!=', 'refused')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const insertTransfer = (db: Db, row: Insertable<PartnerTransfersTable>) =>
  db.insertInto('partner_transfers').values(row).returningAll().executeTakeFirstOrThrow();

/** Moves a transfer only while it is still in `from`: false when someone else moved it first (nothing written). */
export async function updateTransfer(
  db: Db,
  id: number,
  from: PartnerTransferStatus | null,
  set: Updateable<PartnerTransfersTable>,
): Promise<boolean> {
  let query = db.updateTable('partner_transfers').set(set).where('id', '=', id);
  if (from !== null) query = query.where('status', '=', from);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Transfers still waiting that were requested before `before`, oldest first. */
export const waitingSince = (db: Db, before: string, limit: number): Promise<PartnerTransferRow[]> =>
  db
    .selectFrom('partner_transfers')
    .selectAll()
    .where('status', '=', 'requested')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();

/** Every transfer for the terminal, the oldest waiting first, optionally of one status, with the member's name. */
export function transfersForOperator(db: Db, status: PartnerTransferStatus | null) {
  let query = db
    .selectFrom('partner_transfers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('t')
    .select('u.name as member_name');
  if (status) query = query.where('t.status', '=', status);
  return query.orderBy('t.id').limit(500).execute();
}

// ---- Callbacks ---------------------------------------------------------------------------------------

/** Records a callback's signature; false when it was already taken (a replay). */
export async function takeCallbackSignature(db: Db, signature: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('partner_callbacks')
    .values({ signature, received_at: at })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Signatures older than the window can never be replayed (their timestamp is refused first). */
export const forgetCallbacksBefore = (db: Db, before: string) =>
  db.deleteFrom('partner_callbacks').where('received_at', '<', before).execute();

/** The member's transfers whose debit or refund is one of these ledger entries (the extract's links). */
export const transfersOfLedgerEntries = (db: Db, userId: number, entryIds: readonly number[]) =>
  entryIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('partner_transfers')
        .select(['id', 'debit_entry_id', 'refund_entry_id'])
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('debit_entry_id', 'in', [...entryIds]), eb('refund_entry_id', 'in', [...entryIds])]))
        .execute();
