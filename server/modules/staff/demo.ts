import { dialectOf } from '../../db/database';
import type { Db } from '../../db/schema';
import type { StaffRole } from '../../../lib/painel/roles';
import { recordAudit } from './audit';
import { findAccountByEmail, insertAccount, updateAccount } from './repository';

/**
 * The demo staff of the embedded default (README lists them): an admin and a reviewer with a known password and
 * authenticator secret, to try the painel with any authenticator app. Never on PostgreSQL, whatever DEMO_DATA says:
 * a production club makes its first admin with `npm run staff -- add`.
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

/** Adds the demo staff when missing (by e-mail), on SQLite only. */
export async function seedDemoStaff(db: Db, now: Date = new Date()): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const person of DEMO_STAFF) {
    if (await findAccountByEmail(db, person.email)) continue;
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      const id = await insertAccount(trx, { email: person.email, name: person.name, roles: person.roles, at });
      await updateAccount(trx, id, { password_hash: DEMO_STAFF_PASSWORD_HASH, totp_secret: person.totpSecret }, at);
      await recordAudit(
        trx,
        { kind: 'system', name: 'dados de demonstração' },
        {
          action: 'staff.invite',
          object: { type: 'staff', id, label: person.email },
          after: { name: person.name, email: person.email, roles: person.roles },
        },
        now,
      );
    });
  }
}
