// The earning rules' and approvals' breakdown queries (point_rules, invoice_earnings).
import type { Insertable } from 'kysely';
import type { Db, InvoiceEarningsTable, PointRuleRow } from '../../db/schema';

/** Every rule version in force on a purchase day. */
export const rulesInForceOn = (db: Db, day: string): Promise<PointRuleRow[]> =>
  db
    .selectFrom('point_rules')
    .selectAll()
    .where('starts_on', '<=', day)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', day)]))
    .orderBy('id')
    .execute();

/**
 * Points the member's approved invoices already took from each campaign: over the whole campaign, or in one purchase
 * month. An invoice refused later (a SEFAZ cancellation) no longer counts.
 */
export async function pointsTaken(
  db: Db,
  userId: number,
  ruleIds: readonly number[],
  month: string | null,
): Promise<Map<number, number>> {
  if (ruleIds.length === 0) return new Map();
  let query = db
    .selectFrom('invoice_earnings as e')
    .innerJoin('invoices as i', 'i.id', 'e.invoice_id')
    .select(['e.rule_id', (eb) => eb.fn.sum<number | string>('e.points').as('points')])
    .where('e.user_id', '=', userId)
    .where('e.rule_id', 'in', ruleIds)
    .where('i.status', '=', 'approved')
    .groupBy('e.rule_id');
  if (month !== null) query = query.where('e.purchase_month', '=', month);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.rule_id, Number(r.points)]));
}

/**
 * Spends `points` of a campaign's budget if they fit, in one conditional UPDATE: two API processes spending the last
 * points at once cannot both pass (the row's lock makes the second one read the first one's sum). True when spent.
 */
export async function spendBudget(db: Db, ruleId: number, points: number): Promise<boolean> {
  const result = await db
    .updateTable('point_rules')
    .set((eb) => ({ budget_used: eb('budget_used', '+', points) }))
    .where('id', '=', ruleId)
    .where((eb) => eb(eb('budget_used', '+', points), '<=', eb.ref('budget_points')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Rows per INSERT: 8 columns each stays far below SQLite's limit of bound variables. */
const INSERT_SLICE = 500;

export async function insertEarnings(db: Db, rows: readonly Insertable<InvoiceEarningsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_SLICE)
    await db
      .insertInto('invoice_earnings')
      .values(rows.slice(i, i + INSERT_SLICE))
      .execute();
}

/** An invoice's breakdown with each rule's name and kind, by item. */
export const earningsOfInvoice = (db: Db, invoiceId: number) =>
  db
    .selectFrom('invoice_earnings as e')
    .innerJoin('point_rules as r', 'r.id', 'e.rule_id')
    .select(['e.item_index', 'e.points', 'e.rule_id', 'r.name', 'r.kind', 'r.code', 'r.version'])
    .where('e.invoice_id', '=', invoiceId)
    .orderBy('e.item_index')
    .orderBy('e.rule_id')
    .execute();
