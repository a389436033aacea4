// The members module's own table: the audit of what support changed on a member, and by whom.
import type { Insertable } from 'kysely';
import type { Db, MemberAuditTable } from '../../db/schema';

/** The newest audit lines of a member. */
export const recentAudit = (db: Db, userId: number, limit: number) =>
  db
    .selectFrom('member_audit')
    .select(['created_at as at', 'actor', 'action', 'detail'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export async function insertAudit(db: Db, line: Insertable<MemberAuditTable>): Promise<void> {
  await db.insertInto('member_audit').values(line).execute();
}
