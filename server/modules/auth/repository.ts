// Every query of the auth module: sessions (refresh-token families), one-time codes, pending sign-ups and e-mail
// confirmations. The services hold the rules; this file only reads and writes rows.
import type { Insertable, Updateable } from 'kysely';
import type {
  CodePurpose,
  Db,
  EmailConfirmationsTable,
  PendingSignupsTable,
  RefreshTokensTable,
  VerificationCodesTable,
} from '../../db/schema';
import { LOGGED_OUT } from './session-end';

// ---- Sessions --------------------------------------------------------------------------------------------------

export async function insertRefreshToken(db: Db, row: Insertable<RefreshTokensTable>): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

export const findRefreshToken = (db: Db, id: string) =>
  db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();

export async function markRefreshTokenUsed(db: Db, id: string, at: string, replacedBy: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: at, replaced_by: replacedBy }).where('id', '=', id).execute();
}

/** Ends one session: every token of the family stops working. */
export async function revokeFamily(db: Db, familyId: string, at: string, reason?: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at, ...(reason === undefined ? {} : { revoked_reason: reason }) })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends sessions of a member: every live token of each family stops working. All of them by default, or only the
 * `families` named, never `except` (the device asking); `reason` is kept on the tokens, so that device's next refresh
 * says why it was signed out. How many sessions (token families) were live.
 */
export async function revokeSessions(
  db: Db,
  userId: number,
  at: string,
  {
    families = 'all',
    except = null,
    reason = null,
  }: { families?: readonly string[] | 'all'; except?: string | null; reason?: string | null } = {},
): Promise<number> {
  if (families !== 'all' && families.length === 0) return 0;
  const live = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .$if(families !== 'all', (qb) => qb.where('family_id', 'in', families as readonly string[]))
    .$if(except !== null, (qb) => qb.where('family_id', '!=', except as string))
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at, ...(reason === null ? {} : { revoked_reason: reason }) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(families !== 'all', (qb) => qb.where('family_id', 'in', families as readonly string[]))
    .$if(except !== null, (qb) => qb.where('family_id', '!=', except as string))
    .execute();
  return live.length;
}

// ---- One-time codes --------------------------------------------------------------------------------------------

/** The newest code of a subject for a purpose (a newer code replaces every older one). */
export const newestCode = (db: Db, purpose: CodePurpose, subject: string) =>
  db
    .selectFrom('verification_codes')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/** Stores a new code and retires the subject's unused ones, in one transaction. */
export async function replaceCode(db: Db, code: Insertable<VerificationCodesTable>, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: at })
      .where('purpose', '=', code.purpose)
      .where('subject', '=', code.subject)
      .where('consumed_at', 'is', null)
      .execute();
    await trx.insertInto('verification_codes').values(code).execute();
  });
}

/** Counts a wrong try, never past `max`; false when the code had already run out of tries. */
export async function countWrongTry(db: Db, codeId: string, max: number): Promise<boolean> {
  const counted = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('attempts', '<', max)
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

/** Uses a code once; false when another request used it first. */
export async function consumeCodeRow(db: Db, codeId: string, at: string): Promise<boolean> {
  const consumed = await db
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}

// ---- Pending sign-ups ------------------------------------------------------------------------------------------

export async function insertPendingSignup(db: Db, row: Insertable<PendingSignupsTable>): Promise<void> {
  await db.insertInto('pending_signups').values(row).execute();
}

export const findPendingSignup = (db: Db, id: string) =>
  db.selectFrom('pending_signups').selectAll().where('id', '=', id).executeTakeFirst();

/** The newest unfinished, unexpired sign-up of a CPF. */
export async function updatePendingSignup(db: Db, id: string, changes: Updateable<PendingSignupsTable>) {
  await db.updateTable('pending_signups').set(changes).where('id', '=', id).execute();
}

export const openSignupOfCpf = (db: Db, cpf: string, now: string) =>
  db
    .selectFrom('pending_signups')
    .select('id')
    .where('cpf', '=', cpf)
    .where('completed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

export async function completePendingSignup(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('pending_signups').set({ completed_at: at }).where('id', '=', id).execute();
}

// ---- E-mail confirmations --------------------------------------------------------------------------------------

export async function insertEmailConfirmation(db: Db, row: Insertable<EmailConfirmationsTable>): Promise<void> {
  await db.insertInto('email_confirmations').values(row).execute();
}

export const findEmailConfirmation = (db: Db, tokenHash: string) =>
  db.selectFrom('email_confirmations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export async function markEmailConfirmationUsed(db: Db, tokenHash: string, at: string): Promise<void> {
  await db.updateTable('email_confirmations').set({ used_at: at }).where('token_hash', '=', tokenHash).execute();
}

/** Another member already holds this e-mail. */
export const emailHeldByOther = async (db: Db, email: string, userId: number): Promise<boolean> =>
  !!(await db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst());

/** When the member last left the app on a device ("Sair"), or null. */
export async function lastLogoutAt(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.max('revoked_at').as('at'))
    .where('user_id', '=', userId)
    .where('revoked_reason', '=', LOGGED_OUT)
    .executeTakeFirst();
  return row?.at ?? null;
}
