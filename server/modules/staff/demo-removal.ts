import type { Db } from '../../db/schema';
import { recordAudit, type AuditActor } from './audit';
import { DEMO_STAFF } from './demo';
import { activeAdminIds, findAccountByEmail, replaceRoles, rolesOf } from './repository';

/** Whether any demo staff account is still in the club. */
export async function demoStaffPresent(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where(
      'email',
      'in',
      DEMO_STAFF.map((p) => p.email),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RemovedDemoStaff {
  /** Each demo account removed, and whether its row stays behind as the anchor of audit lines it wrote. */
  readonly removed: readonly { readonly name: string; readonly email: string; readonly keptForAudit: boolean }[];
  /** No active admin is left: the club makes one with `npm run staff -- add … --roles admin`. */
  readonly noAdminLeft: boolean;
}

/** The address a retired account takes: the demo e-mail is free again, and nobody can receive mail there. */
const retiredEmail = (id: number) => `removida-${id}@conta-removida.invalid`;

/**
 * Deletes the demo staff accounts with their roles, sessions, set-up links and review holds. The audit trail is
 * history and stays as it is (append-only): an account that wrote lines of it (a sign-in, a review) is the anchor of
 * their actor reference, so its row stays, emptied instead of deleted: no demo e-mail, password, key or role,
 * disabled. The lines keep the person's name and e-mail as text. Each removal writes its own audit line; a second run
 * finds nothing and changes nothing.
 */
export async function removeDemoStaff(db: Db, actor: AuditActor, now: Date = new Date()): Promise<RemovedDemoStaff> {
  const removed: { name: string; email: string; keptForAudit: boolean }[] = [];
  const at = now.toISOString();
  for (const person of DEMO_STAFF) {
    await db.transaction().execute(async (trx) => {
      const account = await findAccountByEmail(trx, person.email);
      if (!account) return;
      const roles = await rolesOf(trx, account.id);
      const acted = await trx
        .selectFrom('staff_audit')
        .select('id')
        .where('actor_staff_id', '=', account.id)
        .limit(1)
        .executeTakeFirst();
      if (acted) {
        await trx.deleteFrom('staff_sessions').where('staff_id', '=', account.id).execute();
        await trx.deleteFrom('staff_setup_links').where('staff_id', '=', account.id).execute();
        await trx.deleteFrom('review_leases').where('staff_id', '=', account.id).execute();
        await replaceRoles(trx, account.id, []);
        await trx
          .updateTable('staff_accounts')
          .set({
            email: retiredEmail(account.id),
            password_hash: null,
            totp_secret: null,
            totp_last_step: null,
            disabled_at: account.disabled_at ?? at,
            updated_at: at,
          })
          .where('id', '=', account.id)
          .execute();
      } else {
        // Roles, sessions, set-up links and review holds go by the foreign keys' cascade.
        await trx.deleteFrom('staff_accounts').where('id', '=', account.id).execute();
      }
      await recordAudit(
        trx,
        actor,
        {
          action: 'staff.remove-demo',
          object: { type: 'staff', id: account.id, label: account.email },
          before: { name: account.name, email: account.email, roles },
          after: acted ? { email: retiredEmail(account.id), status: 'DISABLED', roles: [] } : null,
        },
        now,
      );
      removed.push({ name: account.name, email: account.email, keptForAudit: acted !== undefined });
    });
  }
  return { removed, noAdminLeft: (await activeAdminIds(db)).length === 0 };
}
