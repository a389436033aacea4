// The staff module's own tables: accounts and roles, painel sessions and set-up links (the audit has its own file).
import type { Selectable } from 'kysely';
import type { Db, StaffAccountsTable } from '../../db/schema';
import { sortRoles, type StaffRole } from '../../../common/painel/roles';

export type StaffAccountRow = Selectable<StaffAccountsTable>;

export interface StaffAccountWithRoles extends StaffAccountRow {
  readonly roles: StaffRole[];
}

export const findAccountByEmail = (db: Db, email: string) =>
  db.selectFrom('staff_accounts').selectAll().where('email', '=', email).executeTakeFirst();

export const findAccountById = (db: Db, id: number) =>
  db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();

export async function rolesOf(db: Db, staffId: number): Promise<StaffRole[]> {
  const rows = await db.selectFrom('staff_roles').select('role').where('staff_id', '=', staffId).execute();
  return sortRoles(rows.map((r) => r.role));
}

export async function withRoles(db: Db, account: StaffAccountRow): Promise<StaffAccountWithRoles> {
  return { ...account, roles: await rolesOf(db, account.id) };
}

export async function listAccounts(db: Db): Promise<(StaffAccountWithRoles & { lastLoginAt: string | null })[]> {
  const accounts = await db.selectFrom('staff_accounts').selectAll().orderBy('name').orderBy('id').execute();
  const roles = await db.selectFrom('staff_roles').select(['staff_id', 'role']).execute();
  const logins = await db
    .selectFrom('staff_sessions')
    .select(['staff_id', (eb) => eb.fn.max('created_at').as('last')])
    .groupBy('staff_id')
    .execute();
  return accounts.map((account) => ({
    ...account,
    roles: sortRoles(roles.filter((r) => r.staff_id === account.id).map((r) => r.role)),
    lastLoginAt: logins.find((l) => l.staff_id === account.id)?.last ?? null,
  }));
}

export async function insertAccount(
  db: Db,
  values: { email: string; name: string; roles: readonly StaffRole[]; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('staff_accounts')
    .values({ email: values.email, name: values.name, created_at: values.at, updated_at: values.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceRoles(db, id, values.roles);
  return id;
}

export async function replaceRoles(db: Db, staffId: number, roles: readonly StaffRole[]): Promise<void> {
  await db.deleteFrom('staff_roles').where('staff_id', '=', staffId).execute();
  if (roles.length > 0) {
    await db
      .insertInto('staff_roles')
      .values(roles.map((role) => ({ staff_id: staffId, role })))
      .execute();
  }
}

export async function updateAccount(
  db: Db,
  id: number,
  changes: Partial<Pick<StaffAccountRow, 'password_hash' | 'totp_secret' | 'totp_last_step' | 'disabled_at'>>,
  at: string,
): Promise<void> {
  await db
    .updateTable('staff_accounts')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes a TOTP step for the account unless a code of that step or a later one was already accepted: one
 * conditional write, so two requests with the same code (two API processes, a replay) cannot both pass.
 */
export async function claimTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_accounts')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Active accounts holding the admin role: the painel never lets the last one go. */
export async function activeAdminIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('staff_roles')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_roles.staff_id')
    .select('staff_accounts.id')
    .where('staff_roles.role', '=', 'admin')
    .where('staff_accounts.disabled_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

// Sessions

export async function insertSession(
  db: Db,
  session: { id: string; staffId: number; ip: string; at: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({
      id: session.id,
      staff_id: session.staffId,
      ip: session.ip,
      created_at: session.at,
      last_seen_at: session.at,
      expires_at: session.expiresAt,
      ended_at: null,
    })
    .execute();
}

export const findLiveSession = (db: Db, id: string, staffId: number) =>
  db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id',
      'staff_sessions.last_seen_at',
      'staff_sessions.expires_at',
      'staff_sessions.ended_at',
      'staff_accounts.name',
      'staff_accounts.email',
      'staff_accounts.disabled_at',
      'staff_accounts.totp_secret',
    ])
    .where('staff_sessions.id', '=', id)
    .where('staff_sessions.staff_id', '=', staffId)
    .executeTakeFirst();

export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function endSession(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endAllSessions(db: Db, staffId: number, at: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ ended_at: at })
    .where('staff_id', '=', staffId)
    .where('ended_at', 'is', null)
    .execute();
}

// Set-up links

export async function insertSetupLink(
  db: Db,
  link: { staffId: number; tokenHash: string; totpSecret: string; at: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('staff_setup_links')
    .values({
      staff_id: link.staffId,
      token_hash: link.tokenHash,
      totp_secret: link.totpSecret,
      created_at: link.at,
      expires_at: link.expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
}

export async function revokeSetupLinks(db: Db, staffId: number, at: string): Promise<void> {
  await db
    .updateTable('staff_setup_links')
    .set({ revoked_at: at })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export const findSetupLink = (db: Db, tokenHash: string) =>
  db
    .selectFrom('staff_setup_links')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_setup_links.staff_id')
    .select([
      'staff_setup_links.id',
      'staff_setup_links.staff_id',
      'staff_setup_links.totp_secret',
      'staff_setup_links.expires_at',
      'staff_setup_links.used_at',
      'staff_setup_links.revoked_at',
      'staff_accounts.name',
      'staff_accounts.email',
      'staff_accounts.disabled_at',
    ])
    .where('staff_setup_links.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Marks a link used unless it already was: true for the one request that used it. */
export async function useSetupLink(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_setup_links')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
