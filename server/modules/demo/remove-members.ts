import { sql } from 'kysely';
import type { Db, UserRow } from '../../db/schema';
import type { ClubModule } from '../club-module';
import { nowOf, type ServiceDeps } from '../service-deps';
import { recordAudit, type AuditActor } from '../staff';
import { findDemoMembers } from '../users';

/** What the terminal says was removed of each member, beside the files: the rows a person would recognise. */
const COUNTED = [
  ['invoices', 'notas fiscais'],
  ['projects', 'projetos'],
  ['points_ledger', 'lançamentos de pontos'],
  ['reward_orders', 'resgates'],
  ['notifications', 'avisos'],
  ['refresh_tokens', 'sessões'],
] as const;

export interface RemovedDemoMember {
  readonly name: string;
  readonly email: string;
  /** Rows per kind, pt-BR labels first ("notas fiscais": 7), then "arquivos": the files deleted from the storage. */
  readonly removed: Readonly<Record<string, number>>;
}

async function countsOf(db: Db, userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, label] of COUNTED) {
    const { rows } = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM ${sql.table(table)} WHERE user_id = ${userId}`.execute(db);
    counts[label] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * Deletes one member with everything of theirs, in one transaction: each module removes what the cascade from `users`
 * does not reach and names the member's files; the files go next, still inside the transaction, so a storage that
 * fails leaves the member whole and a second run tries again (a file already gone is no error); the member's row goes
 * last, and with it, by the foreign keys, every row with their `user_id`, the append-only ledger's included (see
 * member_removals).
 */
async function removeMember(
  deps: ServiceDeps<'db' | 'config' | 'storage'>,
  actor: AuditActor,
  modules: readonly ClubModule[],
  member: UserRow,
): Promise<RemovedDemoMember> {
  const counts = await countsOf(deps.db, member.id);
  const now = nowOf(deps);
  const files = await deps.db.transaction().execute(async (trx) => {
    const keys: string[] = [];
    for (const clubModule of modules) keys.push(...((await clubModule.removeMember?.(trx, member)) ?? []));
    for (const key of keys) await deps.storage.delete(key);
    // Listed for the length of the transaction only: the ledger's guard lets this member's rows go, nobody else's.
    await trx.insertInto('member_removals').values({ member_id: member.id, started_at: now.toISOString() }).execute();
    await trx.deleteFrom('users').where('id', '=', member.id).execute();
    await trx.deleteFrom('member_removals').where('member_id', '=', member.id).execute();
    const removed = { ...counts, arquivos: keys.length };
    await recordAudit(
      trx,
      actor,
      {
        action: 'member.remove-demo',
        object: { type: 'member', id: member.id, label: `${member.name} ${member.sur_name}` },
        before: { name: `${member.name} ${member.sur_name}`, email: member.email },
        after: removed,
      },
      now,
    );
    return keys.length;
  });
  return { name: `${member.name} ${member.sur_name}`, email: member.email, removed: { ...counts, arquivos: files } };
}

/**
 * `npm run members -- remove-demo`: deletes the demo members (DEMO_MEMBER_ACCOUNTS, known by CPF and e-mail together)
 * with all their data and files, each in its own transaction with its audit line. Other members are untouched; a
 * second run finds nobody and changes nothing. `modules` is the club's module list (the composition root passes it).
 */
export async function removeDemoMembers(
  deps: ServiceDeps<'db' | 'config' | 'storage'>,
  actor: AuditActor,
  modules: readonly ClubModule[],
): Promise<RemovedDemoMember[]> {
  const removed: RemovedDemoMember[] = [];
  for (const member of await findDemoMembers(deps.db)) removed.push(await removeMember(deps, actor, modules, member));
  return removed;
}
