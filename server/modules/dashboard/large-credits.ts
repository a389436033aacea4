// The home's watch over large credits: every approval (and manual adjustment) above REVIEW_CONFIRM_POINTS of the last 7 days, so a credit
// that should not have been given is seen while it can still be reversed (docs/painel.md#large-and-flagged-approvals).
import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** How far back the home looks. */
export const LARGE_CREDIT_DAYS = 7;
const LIMIT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LargeCredit {
  readonly subject: 'invoice' | 'project' | 'adjustment';
  /** The invoice's or the project's id; for a manual adjustment, the member's (its page lists it). */
  readonly subjectId: string;
  readonly label: string;
  readonly memberName: string;
  readonly points: number;
  readonly approvedAt: string;
  /** Who approved it (the audit's name), or null for the club's automatic approval. */
  readonly approvedBy: string | null;
}

/** Where approvals are, and the column that names each item (and, for invoices, the club's own approval). */
const SOURCES = [
  { subject: 'invoice', table: 'invoices', label: 'access_key', automatic: 'auto_approved_at' },
  { subject: 'project', table: 'projects', label: 'title', automatic: null },
] as const;

interface ApprovedRow {
  id: number;
  label: string;
  points: number;
  updated_at: string;
  automatic_at: string | null;
  name: string;
  sur_name: string;
}

/** Approved invoices and projects above `threshold` points, approved in the last 7 days, newest first. */
export async function largeCredits(db: Db, threshold: number, now: number): Promise<LargeCredit[]> {
  const since = new Date(now - LARGE_CREDIT_DAYS * DAY_MS).toISOString();
  const found: LargeCredit[] = [];
  for (const source of SOURCES) {
    const automatic = source.automatic ? sql.ref(`item.${source.automatic}`) : sql`null`;
    const { rows } = await sql<ApprovedRow>`
      select item.id, ${sql.ref(`item.${source.label}`)} as label, item.points, item.updated_at,
        ${automatic} as automatic_at, users.name, users.sur_name
      from ${sql.table(source.table)} as item inner join users on users.id = item.user_id
      where item.status = 'approved' and item.points > ${threshold} and item.updated_at >= ${since}
      order by item.updated_at desc
      limit ${LIMIT}`.execute(db);
    const approvers = await approversOf(
      db,
      source.subject,
      rows.map((r) => String(r.id)),
    );
    for (const r of rows) {
      found.push({
        subject: source.subject,
        subjectId: String(r.id),
        label: r.label,
        memberName: `${r.name} ${r.sur_name}`.trim(),
        points: Number(r.points),
        approvedAt: r.updated_at,
        approvedBy: r.automatic_at ? null : (approvers.get(String(r.id)) ?? null),
      });
    }
  }
  found.push(...(await largeAdjustments(db, threshold, since)));
  return found.sort((a, b) => b.approvedAt.localeCompare(a.approvedAt)).slice(0, LIMIT);
}

/** Manual credits above `threshold` applied since `since` (reversed ones too: they were credited), by member. */
async function largeAdjustments(db: Db, threshold: number, since: string): Promise<LargeCredit[]> {
  const rows = await db
    .selectFrom('points_adjustments as a')
    .innerJoin('users', 'users.id', 'a.user_id')
    .select(['a.user_id', 'a.reason', 'a.points', 'a.applied_at', 'a.decided_by_name', 'a.requested_by_name'])
    .select(['users.name', 'users.sur_name'])
    .where('a.points', '>', threshold)
    .where('a.applied_at', '>=', since)
    .orderBy('a.applied_at', 'desc')
    .limit(LIMIT)
    .execute();
  return rows.map((r) => ({
    subject: 'adjustment' as const,
    subjectId: String(r.user_id),
    label: r.reason,
    memberName: `${r.name} ${r.sur_name}`.trim(),
    points: Number(r.points),
    approvedAt: r.applied_at!,
    approvedBy: r.decided_by_name ?? r.requested_by_name,
  }));
}

/** The name on each object's latest approval line of the audit, by id. */
async function approversOf(db: Db, type: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const lines = await db
    .selectFrom('staff_audit')
    .select(['object_id', 'actor_name'])
    .where('object_type', '=', type)
    .where('object_id', 'in', [...ids])
    .where('action', '=', `${type}.approve`)
    .orderBy('id')
    .execute();
  return new Map(lines.map((line) => [line.object_id ?? '', line.actor_name]));
}
