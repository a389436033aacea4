// Every query of the invoices module: the services above hold the rules, this file only reads and writes rows.
import { sql, type Insertable, type Updateable } from 'kysely';
import type {
  Db,
  InvoiceEventsTable,
  InvoicesTable,
  InvoiceFileRow,
  InvoiceRow,
  InvoiceSefazChecksTable,
  InvoiceStatus,
} from '../../db/schema';

/** A connection or a transaction (a Kysely transaction is a Kysely). */

export interface NewInvoiceFile {
  name: string;
  kind: string;
  sizeBytes: number;
  sha256: string;
  storagePath: string;
}

export const findInvoiceById = (db: Db, id: number): Promise<InvoiceRow | undefined> =>
  db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();

/** The member's own invoice, or nothing (another member's looks missing). */
export const findOwnInvoice = (db: Db, userId: number, id: number): Promise<InvoiceRow | undefined> =>
  db.selectFrom('invoices').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** Newest first, ids below `beforeId` when given; `limit` rows. */
export function listOwnInvoices(db: Db, userId: number, beforeId: number | null, limit: number): Promise<InvoiceRow[]> {
  let query = db.selectFrom('invoices').selectAll().where('user_id', '=', userId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/**
 * How many invoices the member has, how many of them wait for review and how many were refused and can be sent again
 * (one the SEFAZ cancelled is refused for good: it is counted in the total only).
 */
export async function countOwnInvoices(
  db: Db,
  userId: number,
): Promise<{ total: number; waiting: number; refused: number }> {
  const rows = await db
    .selectFrom('invoices')
    .leftJoin('invoice_sefaz_checks as c', (join) =>
      join.onRef('c.invoice_id', '=', 'invoices.id').on('c.outcome', '=', 'cancelled'),
    )
    .select((eb) => [
      'invoices.status',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.count<number | string>('c.invoice_id').as('cancelled'),
    ])
    .where('invoices.user_id', '=', userId)
    .groupBy('invoices.status')
    .execute();
  // PostgreSQL answers count() as a string (bigint).
  const count = (statuses: readonly InvoiceStatus[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  const cancelled = rows.reduce((sum, r) => sum + Number(r.cancelled), 0);
  return {
    total: count(['received', 'in_review', 'approved', 'rejected']),
    waiting: count(['received', 'in_review']),
    refused: count(['rejected']) - cancelled,
  };
}

/**
 * The member's refused invoices that can be sent again (a re-send puts one back to received; one the SEFAZ cancelled
 * cannot), the latest refusal first.
 */
export const refusedOwnInvoices = (db: Db, userId: number, limit: number) =>
  db
    .selectFrom('invoices')
    .select(['id', 'rejection_reason'])
    .where('user_id', '=', userId)
    .where('status', '=', 'rejected')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invoice_sefaz_checks as c')
            .select('c.invoice_id')
            .whereRef('c.invoice_id', '=', 'invoices.id')
            .where('c.outcome', '=', 'cancelled'),
        ),
      ),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const findByAccessKey = (db: Db, accessKey: string): Promise<InvoiceRow | undefined> =>
  db.selectFrom('invoices').selectAll().where('access_key', '=', accessKey).executeTakeFirst();

/**
 * Counts a member's try of a key another member had already sent (the reviewer's "same key tried by others"). Its
 * own short write, outside any transaction the refusal may roll back.
 */
export async function recordKeyAttempt(db: Db, accessKey: string, userId: number, at: string): Promise<void> {
  await db
    .insertInto('invoice_key_attempts')
    .values({ access_key: accessKey, user_id: userId, attempts: 1, first_at: at, last_at: at })
    .onConflict((oc) =>
      oc.columns(['access_key', 'user_id']).doUpdateSet({
        attempts: sql<number>`invoice_key_attempts.attempts + 1`,
        last_at: at,
      }),
    )
    .execute();
}

/** Other members' tries of a key, the latest first. */
export const keyAttemptsByOthers = (db: Db, accessKey: string, ownerId: number) =>
  db
    .selectFrom('invoice_key_attempts')
    .select(['user_id', 'attempts', 'last_at'])
    .where('access_key', '=', accessKey)
    .where('user_id', '!=', ownerId)
    .orderBy('last_at', 'desc')
    .limit(10)
    .execute();

/** The invoice a member's attempt (idempotency key) already made. */
export const findByAttempt = (db: Db, userId: number, idempotencyKey: string): Promise<InvoiceRow | undefined> =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();

export const currentStatus = async (db: Db, invoiceId: number): Promise<InvoiceStatus> =>
  (await db.selectFrom('invoices').select('status').where('id', '=', invoiceId).executeTakeFirstOrThrow()).status;

export const insertInvoice = (db: Db, values: Insertable<InvoicesTable>): Promise<InvoiceRow> =>
  db.insertInto('invoices').values(values).returningAll().executeTakeFirstOrThrow();

export const updateInvoice = (db: Db, invoiceId: number, values: Updateable<InvoicesTable>): Promise<InvoiceRow> =>
  db.updateTable('invoices').set(values).where('id', '=', invoiceId).returningAll().executeTakeFirstOrThrow();

export async function insertEvent(db: Db, event: Insertable<InvoiceEventsTable>): Promise<void> {
  await db.insertInto('invoice_events').values(event).execute();
}

/** A re-send's event, found by the note that carries its attempt key. */
export const findEventByNote = (db: Db, invoiceId: number, note: string) =>
  db
    .selectFrom('invoice_events')
    .select('id')
    .where('invoice_id', '=', invoiceId)
    .where('note', '=', note)
    .executeTakeFirst();

export async function insertFiles(db: Db, invoiceId: number, files: readonly NewInvoiceFile[], at: string) {
  await db
    .insertInto('invoice_files')
    .values(
      files.map((f) => ({
        invoice_id: invoiceId,
        kind: f.kind,
        original_name: f.name,
        size_bytes: f.sizeBytes,
        sha256: f.sha256,
        storage_path: f.storagePath,
        created_at: at,
      })),
    )
    .execute();
}

/** Hides the current files of an invoice (kept for the record) before a re-send adds new ones. */
export async function replaceCurrentFiles(db: Db, invoiceId: number, at: string): Promise<void> {
  await db
    .updateTable('invoice_files')
    .set({ replaced_at: at })
    .where('invoice_id', '=', invoiceId)
    .where('replaced_at', 'is', null)
    .execute();
}

/** The visible files and the whole timeline of several invoices, in one round trip each. */
export const currentFilesOf = (db: Db, invoiceIds: readonly number[]): Promise<InvoiceFileRow[]> =>
  db
    .selectFrom('invoice_files')
    .selectAll()
    .where('invoice_id', 'in', invoiceIds)
    .where('replaced_at', 'is', null)
    .orderBy('id')
    .execute();

export const eventsOf = (db: Db, invoiceIds: readonly number[]) =>
  db.selectFrom('invoice_events').selectAll().where('invoice_id', 'in', invoiceIds).orderBy('id').execute();

/** A file for the signed-link route: only when the link's member owns its invoice. */
export const findOwnedFile = (db: Db, fileId: number, userId: number): Promise<InvoiceFileRow | undefined> =>
  db
    .selectFrom('invoice_files')
    .innerJoin('invoices', 'invoices.id', 'invoice_files.invoice_id')
    .selectAll('invoice_files')
    .where('invoice_files.id', '=', fileId)
    .where('invoices.user_id', '=', userId)
    .executeTakeFirst();

export const isStoragePathReferenced = async (db: Db, storagePath: string): Promise<boolean> =>
  !!(await db.selectFrom('invoice_files').select('id').where('storage_path', '=', storagePath).executeTakeFirst());

/** Names of the partner stores among these CNPJs, by CNPJ. */
export async function storeNamesByCnpj(db: Db, cnpjs: readonly string[]): Promise<Map<string, string>> {
  if (cnpjs.length === 0) return new Map();
  const rows = await db
    .selectFrom('stores')
    .select(['cnpj', 'name'])
    .where('cnpj', 'in', [...cnpjs])
    .execute();
  return new Map(rows.flatMap((row) => (row.cnpj ? [[row.cnpj, row.name] as const] : [])));
}

export const isRegisteredStore = async (db: Db, cnpj: string): Promise<boolean> =>
  !!(await db.selectFrom('stores').select('id').where('cnpj', '=', cnpj).executeTakeFirst());

/** The terminal's review queue: invoices waiting for a person, oldest first. */
export const pendingInvoices = (db: Db) =>
  db
    .selectFrom('invoices')
    .innerJoin('users', 'users.id', 'invoices.user_id')
    .select([
      'invoices.id',
      'invoices.access_key',
      'invoices.status',
      'invoices.total_cents',
      'invoices.issuer_cnpj',
      'invoices.flag_reason',
      'invoices.risk_reason',
      'invoices.review_reason',
      'invoices.created_at',
      'users.name',
    ])
    .where('invoices.status', 'in', ['received', 'in_review'])
    .orderBy('invoices.id')
    .execute();

// ---- The SEFAZ status check (sefaz-check.ts) ----

/**
 * Approved invoices with no conclusive SEFAZ answer yet, approved since `approvedSince` and issued (or, without an
 * XML, approved) by `issuedBy`, the oldest approval first: those closest to leaving the window are asked first.
 */
export const dueForSefazCheck = (db: Db, approvedSince: string, issuedBy: string, limit: number) =>
  db
    .selectFrom('invoice_events as e')
    .innerJoin('invoices as i', 'i.id', 'e.invoice_id')
    .leftJoin('invoice_sefaz_checks as c', 'c.invoice_id', 'i.id')
    .selectAll('i')
    .where('e.status', '=', 'approved')
    .where('e.created_at', '>=', approvedSince)
    .where('i.status', '=', 'approved')
    .where('c.invoice_id', 'is', null)
    .where((eb) => eb(eb.fn.coalesce('i.issued_at', 'e.created_at'), '<=', issuedBy))
    .orderBy('e.created_at')
    .orderBy('i.id')
    .limit(limit)
    .execute();

/** Stores the SEFAZ's conclusive answer; false when another run stored one first. */
export async function recordSefazCheck(db: Db, check: Insertable<InvoiceSefazChecksTable>): Promise<boolean> {
  const { numInsertedOrUpdatedRows } = await db
    .insertInto('invoice_sefaz_checks')
    .values(check)
    .onConflict((oc) => oc.column('invoice_id').doNothing())
    .executeTakeFirstOrThrow();
  return Number(numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Which of these invoices the SEFAZ said were cancelled. */
export async function sefazCancelledAmong(db: Db, invoiceIds: readonly number[]): Promise<Set<number>> {
  if (invoiceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('invoice_sefaz_checks')
    .select('invoice_id')
    .where('invoice_id', 'in', [...invoiceIds])
    .where('outcome', '=', 'cancelled')
    .execute();
  return new Set(rows.map((r) => r.invoice_id));
}

/** Every stored file of a member's invoices, replaced ones included: what goes when the member is deleted. */
export async function memberInvoiceFileKeys(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('invoice_files')
    .innerJoin('invoices', 'invoices.id', 'invoice_files.invoice_id')
    .select('invoice_files.storage_path')
    .where('invoices.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.storage_path);
}

/** The points the club approved by itself for a member between two instants (ISO, `to` excluded). */
export async function autoApprovedPoints(db: Db, userId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.sum<number | string | null>('points').as('total'))
    .where('user_id', '=', userId)
    .where('auto_approved_at', '>=', from)
    .where('auto_approved_at', '<', to)
    .executeTakeFirst();
  // PostgreSQL answers sum() of integers as a string (bigint), and null over no rows.
  return Number(row?.total ?? 0);
}

/** A member's other invoices, not refused, issued by one CNPJ between two instants (ISO, `to` excluded). */
export async function countSameStoreIssued(
  db: Db,
  invoice: Pick<InvoiceRow, 'id' | 'user_id' | 'issuer_cnpj'>,
  from: string,
  to: string,
): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', invoice.user_id)
    .where('issuer_cnpj', '=', invoice.issuer_cnpj)
    .where('id', '!=', invoice.id)
    .where('status', '!=', 'rejected')
    .where('issued_at', '>=', from)
    .where('issued_at', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Invoices with an XML, after `afterId`, with their current XML file: the audit's pages. */
export const xmlInvoicesAfter = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('invoices')
    .innerJoin('invoice_files', 'invoice_files.invoice_id', 'invoices.id')
    .select(['invoices.id', 'invoices.access_key', 'invoices.status', 'invoice_files.storage_path'])
    .where('invoices.has_xml', '=', 1)
    .where('invoice_files.kind', '=', 'xml')
    .where('invoice_files.replaced_at', 'is', null)
    .where('invoices.id', '>', afterId)
    .orderBy('invoices.id')
    .limit(limit)
    .execute();
