import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { dialectOf } from '../../db/database';
import type { Db } from '../../db/schema';
import type { StaffRole } from '../../../common/painel/roles';
import { recordAudit, type AuditActor } from './audit';
import * as repo from './repository';
import { newTotpSecret } from './totp';

/**
 * The demo staff (README lists them): an admin and a reviewer, to try the painel with any authenticator app. Outside
 * production they get the README's password and authenticator keys, on SQLite only (never on PostgreSQL, whatever
 * DEMO_DATA says). Under NODE_ENV=production, where DEMO_DATA=true must be asked for by name, they get random ones
 * instead, shown once at start: a club that follows the README never has an admin whose key is on the internet.
 */
export const DEMO_STAFF_PASSWORD = 'Bancada#2026';
/** argon2id of DEMO_STAFF_PASSWORD, computed once: every API test database is seeded, and hashing costs ~20 ms. */
const DEMO_STAFF_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Y3yv+qaaOiIW4jqhsiXkNA$vQJd3VuzgNKS2/9Pc25RIKNV1kiXBgi9Fiie0ndkpAY';

export const DEMO_STAFF: readonly { name: string; email: string; roles: StaffRole[]; totpSecret: string }[] = [
  {
    name: 'Beatriz Administradora',
    email: 'admin@exemplo.com.br',
    roles: ['admin'],
    totpSecret: 'E237QX6I5YK6ETSD7CC5HZGRM3TZSMNZ',
  },
  {
    name: 'Rafael Revisor',
    email: 'revisor@exemplo.com.br',
    roles: ['revisor'],
    totpSecret: 'Z4QKPO7FNGPPVATQXFJBYBOTVFKXCW5P',
  },
];

/** The README's secrets (development and tests), or random ones shown once (production). */
export type DemoStaffSecrets = 'published' | 'fresh';

/** A demo staff account's new secrets, for the operator's terminal only: the database keeps the password's hash. */
export interface DemoStaffCredentials {
  readonly name: string;
  readonly email: string;
  readonly roles: readonly StaffRole[];
  readonly password: string;
  readonly totpSecret: string;
}

const SEEDER: AuditActor = { kind: 'system', name: 'dados de demonstração' };

/** 120 random bits: nobody types it twice, the operator copies it from the terminal once. */
const randomPassword = () => randomBytes(15).toString('base64url');

/** Whether the account still opens with what the README publishes (its key, or its password). */
async function holdsPublishedSecrets(account: repo.StaffAccountRow, totpSecret: string): Promise<boolean> {
  if (account.totp_secret === totpSecret) return true;
  return account.password_hash !== null && (await verifyPassword(account.password_hash, DEMO_STAFF_PASSWORD));
}

async function freshCredentials(person: (typeof DEMO_STAFF)[number]) {
  const credentials: DemoStaffCredentials = { ...person, password: randomPassword(), totpSecret: newTotpSecret() };
  return { credentials, passwordHash: await hashPassword(credentials.password) };
}

/**
 * Adds the demo staff missing (by e-mail) with the given secrets. With fresh secrets, a demo account that still holds
 * the README's ones (a database first started in development) gets new ones too, its sessions and set-up links ended.
 * Answers the fresh credentials given, for the start to show once; none on a later start.
 */
export async function seedDemoStaff(
  db: Db,
  { secrets, now = new Date() }: { secrets: DemoStaffSecrets; now?: Date },
): Promise<DemoStaffCredentials[]> {
  if (secrets === 'published' && dialectOf(db) !== 'sqlite') return [];
  const given: DemoStaffCredentials[] = [];
  const at = now.toISOString();
  for (const person of DEMO_STAFF) {
    const existing = await repo.findAccountByEmail(db, person.email);
    if (existing) {
      if (secrets === 'fresh') given.push(...(await replacePublishedSecrets(db, existing, person, now)));
      continue;
    }
    const fresh = secrets === 'fresh' ? await freshCredentials(person) : null;
    await db.transaction().execute(async (trx) => {
      const id = await repo.insertAccount(trx, { email: person.email, name: person.name, roles: person.roles, at });
      await repo.updateAccount(
        trx,
        id,
        {
          password_hash: fresh?.passwordHash ?? DEMO_STAFF_PASSWORD_HASH,
          totp_secret: fresh?.credentials.totpSecret ?? person.totpSecret,
        },
        at,
      );
      await recordAudit(
        trx,
        SEEDER,
        {
          action: 'staff.invite',
          object: { type: 'staff', id, label: person.email },
          after: { name: person.name, email: person.email, roles: person.roles },
        },
        now,
      );
    });
    if (fresh) given.push(fresh.credentials);
  }
  return given;
}

/**
 * Production never keeps the README's secrets: demo staff accounts that still hold them get new ones, whatever
 * DEMO_DATA says (they came from a development start on the same database). Answers them, to be shown once.
 */
export async function replacePublishedDemoSecrets(db: Db, now: Date = new Date()): Promise<DemoStaffCredentials[]> {
  const given: DemoStaffCredentials[] = [];
  for (const person of DEMO_STAFF) {
    const existing = await repo.findAccountByEmail(db, person.email);
    if (existing) given.push(...(await replacePublishedSecrets(db, existing, person, now)));
  }
  return given;
}

async function replacePublishedSecrets(
  db: Db,
  account: repo.StaffAccountRow,
  person: (typeof DEMO_STAFF)[number],
  now: Date,
): Promise<DemoStaffCredentials[]> {
  if (!(await holdsPublishedSecrets(account, person.totpSecret))) return [];
  const { credentials, passwordHash } = await freshCredentials(person);
  const at = now.toISOString();
  const replaced = await db.transaction().execute(async (trx) => {
    // Only the row as it was read: another API process starting at the same moment may have replaced them first, and
    // then its terminal shows the secrets that hold.
    const result = await trx
      .updateTable('staff_accounts')
      .set({ password_hash: passwordHash, totp_secret: credentials.totpSecret, totp_last_step: null, updated_at: at })
      .where('id', '=', account.id)
      .where('updated_at', '=', account.updated_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await repo.revokeSetupLinks(trx, account.id, at);
    await repo.endAllSessions(trx, account.id, at);
    await recordAudit(
      trx,
      SEEDER,
      {
        action: 'staff.demo-secrets',
        object: { type: 'staff', id: account.id, label: account.email },
        before: { segredos: 'publicados no README' },
        after: { segredos: 'novos, mostrados uma vez no terminal' },
      },
      now,
    );
    return true;
  });
  return replaced ? [{ ...credentials, roles: await repo.rolesOf(db, account.id) }] : [];
}
