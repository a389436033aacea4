import { badUserInput, notFound } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import type { Db } from '../../db/schema';
import { staffInviteSchema, staffRolesSchema } from '../../../common/painel/schemas';
import type { StaffRole } from '../../../common/painel/roles';
import { nowOf, type OperatorDeps } from '../service-deps';
import { recordAudit, type AuditActor } from './audit';
import {
  activeAdminIds,
  endAllSessions,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  listAccounts,
  replaceRoles,
  revokeSetupLinks,
  rolesOf,
  updateAccount,
  type StaffAccountRow,
} from './repository';
import { createSetupLink } from './setup';

/**
 * The staff accounts, as admins manage them from the painel and operators from the terminal (`npm run staff`): the
 * same functions for both, each change audited with whoever made it.
 */

export const STAFF_NOT_FOUND_MESSAGE = 'Conta da equipe não encontrada.';
export const EMAIL_TAKEN_MESSAGE = 'Já existe uma conta da equipe com este e-mail.';
export const LAST_ADMIN_MESSAGE = 'A equipe precisa de ao menos um administrador ativo.';
export const SELF_DISABLE_MESSAGE = 'Você não pode desativar a sua própria conta.';

export type StaffStatus = 'ACTIVE' | 'PENDING' | 'DISABLED';

export interface StaffAccountView {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly roles: StaffRole[];
  readonly status: StaffStatus;
  readonly createdAt: string;
  readonly lastLoginAt: string | null;
}

export interface StaffInvitation {
  readonly account: StaffAccountView;
  readonly setupUrl: string;
  readonly expiresAt: string;
}

const statusOf = (account: StaffAccountRow): StaffStatus =>
  account.disabled_at !== null ? 'DISABLED' : account.totp_secret === null ? 'PENDING' : 'ACTIVE';

const viewOf = (account: StaffAccountRow, roles: StaffRole[], lastLoginAt: string | null = null): StaffAccountView => ({
  id: String(account.id),
  name: account.name,
  email: account.email,
  roles,
  status: statusOf(account),
  createdAt: account.created_at,
  lastLoginAt,
});

export async function listStaff(db: Db): Promise<StaffAccountView[]> {
  return (await listAccounts(db)).map((a) => viewOf(a, a.roles, a.lastLoginAt));
}

async function accountOf(db: Db, id: string | number): Promise<StaffAccountRow> {
  const numeric = Number(id);
  const account = Number.isSafeInteger(numeric) && numeric > 0 ? await findAccountById(db, numeric) : undefined;
  if (!account) throw notFound(STAFF_NOT_FOUND_MESSAGE);
  return account;
}

/** A staff account by e-mail (the terminal names people that way). */
export async function staffByEmail(db: Db, email: string): Promise<StaffAccountRow> {
  const account = await findAccountByEmail(db, email.trim().toLowerCase());
  if (!account) throw notFound(STAFF_NOT_FOUND_MESSAGE);
  return account;
}

/** Refuses a change that would leave no active admin (the painel would have nobody to manage it). */
async function keepAnAdmin(db: Db, staffId: number, field: string): Promise<void> {
  const others = (await activeAdminIds(db)).filter((id) => id !== staffId);
  if (others.length === 0) throw badUserInput(LAST_ADMIN_MESSAGE, { [field]: LAST_ADMIN_MESSAGE });
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.join(',') === b.join(',');

/** A new staff account with its roles and a set-up link to hand over; the account signs in once the link is used. */
export async function inviteStaff(
  deps: OperatorDeps,
  actor: AuditActor,
  input: { name: string; email: string; roles: readonly string[] },
): Promise<StaffInvitation> {
  const { name, email, roles } = parseInput(staffInviteSchema, input, {
    fieldOf: (path) => `input.${String(path[0])}`,
  });
  const now = nowOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    if (await findAccountByEmail(trx, email)) {
      throw badUserInput(EMAIL_TAKEN_MESSAGE, { 'input.email': EMAIL_TAKEN_MESSAGE });
    }
    const sorted = [...new Set(roles)].sort() as StaffRole[];
    const id = await insertAccount(trx, { email, name, roles: sorted, at: now.toISOString() });
    const link = await createSetupLink(trx, deps, id);
    await recordAudit(
      trx,
      actor,
      {
        action: 'staff.invite',
        object: { type: 'staff', id, label: email },
        after: { name, email, roles: await rolesOf(trx, id) },
      },
      now,
    );
    const account = await accountOf(trx, id);
    return { account: viewOf(account, await rolesOf(trx, id)), setupUrl: link.url, expiresAt: link.expiresAt };
  });
}

export async function setStaffRoles(
  deps: OperatorDeps,
  actor: AuditActor,
  id: string,
  roles: readonly string[],
): Promise<StaffAccountView> {
  const wanted = parseInput(staffRolesSchema, roles, { fieldOf: () => 'roles' });
  const now = nowOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    const account = await accountOf(trx, id);
    const before = await rolesOf(trx, account.id);
    await replaceRoles(trx, account.id, [...new Set(wanted)]);
    const after = await rolesOf(trx, account.id);
    if (before.includes('admin') && !after.includes('admin') && account.disabled_at === null) {
      await keepAnAdmin(trx, account.id, 'roles');
    }
    if (!sameRoles(before, after)) {
      await updateAccount(trx, account.id, {}, now.toISOString());
      await recordAudit(
        trx,
        actor,
        {
          action: 'staff.roles',
          object: { type: 'staff', id: account.id, label: account.email },
          before: { roles: before },
          after: { roles: after },
        },
        now,
      );
    }
    return viewOf(await accountOf(trx, account.id), after);
  });
}

/** Disables an account (every session ends at once) or enables it again. */
export async function setStaffDisabled(
  deps: OperatorDeps,
  actor: AuditActor,
  id: string,
  disabled: boolean,
): Promise<StaffAccountView> {
  const now = nowOf(deps);
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const account = await accountOf(trx, id);
    const roles = await rolesOf(trx, account.id);
    if ((account.disabled_at !== null) === disabled) return viewOf(account, roles);
    if (disabled) {
      if (actor.kind === 'staff' && actor.staffId === account.id) {
        throw badUserInput(SELF_DISABLE_MESSAGE, { id: SELF_DISABLE_MESSAGE });
      }
      if (roles.includes('admin')) await keepAnAdmin(trx, account.id, 'id');
      await endAllSessions(trx, account.id, at);
    }
    await updateAccount(trx, account.id, { disabled_at: disabled ? at : null }, at);
    const changed = await accountOf(trx, account.id);
    await recordAudit(
      trx,
      actor,
      {
        action: disabled ? 'staff.disable' : 'staff.enable',
        object: { type: 'staff', id: account.id, label: account.email },
        before: { status: statusOf(account) },
        after: { status: statusOf(changed) },
      },
      now,
    );
    return viewOf(changed, roles);
  });
}

/**
 * A lost authenticator: the old one stops at once (no sign-in, every session ended, earlier links void) and a new
 * set-up link enrols a new one, with a new password.
 */
export async function resetStaffAuthenticator(
  deps: OperatorDeps,
  actor: AuditActor,
  id: string | number,
): Promise<StaffInvitation> {
  const now = nowOf(deps);
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const account = await accountOf(trx, id);
    await revokeSetupLinks(trx, account.id, at);
    await endAllSessions(trx, account.id, at);
    await updateAccount(trx, account.id, { totp_secret: null, totp_last_step: null }, at);
    const link = await createSetupLink(trx, deps, account.id);
    const changed = await accountOf(trx, account.id);
    await recordAudit(
      trx,
      actor,
      {
        action: 'staff.reset-totp',
        object: { type: 'staff', id: account.id, label: account.email },
        before: { status: statusOf(account) },
        after: { status: statusOf(changed), setupLinkExpiresAt: link.expiresAt },
      },
      now,
    );
    return { account: viewOf(changed, await rolesOf(trx, account.id)), setupUrl: link.url, expiresAt: link.expiresAt };
  });
}
