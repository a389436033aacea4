// The members' reads of the audit trail: what support changed on a member, and by whom.
import type { Db } from '../../db/schema';

/** The support switches the trail names `member.<action>` (actions.ts): what "Últimas mudanças" lists. */
export const SWITCH_ACTIONS = [
  'require-password-change',
  'consent',
  'chatbot-on',
  'chatbot-off',
  'account-type',
  'disable',
  'enable',
  'end-sessions',
] as const;

const fieldsOf = (json: string | null): Record<string, unknown> =>
  json ? (JSON.parse(json) as Record<string, unknown>) : {};

/**
 * What a switch said beside its name: the consent's text or the account type, then the reason; a line copied from
 * the members' older audit kept its text as `detail`.
 */
function detailOf(after: Record<string, unknown>): string | null {
  if (typeof after['detail'] === 'string') return after['detail'];
  const said = after['consent_message'] ?? after['account_type'];
  const reason = after['reason'];
  const parts = [typeof said === 'string' ? said : null, typeof reason === 'string' ? `motivo: ${reason}` : null];
  return parts.filter(Boolean).join(' · ') || null;
}

/** The newest switches on a member, as the terminal's `show` and the painel's member page list them. */
export async function recentAudit(db: Db, userId: number, limit: number) {
  const rows = await db
    .selectFrom('staff_audit')
    .select(['created_at', 'actor_name', 'action', 'after'])
    .where('object_type', '=', 'member')
    .where('object_id', '=', String(userId))
    .where(
      'action',
      'in',
      SWITCH_ACTIONS.map((a) => `member.${a}`),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: row.created_at,
    actor: row.actor_name,
    action: row.action.slice('member.'.length),
    detail: detailOf(fieldsOf(row.after)),
  }));
}
