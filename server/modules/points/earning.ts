import type { Db } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { productLines } from '../products';
import { computeEarning, ruleOf, withoutCampaigns, type Earning, type Purchase, type Rule } from './earning-engine';
import * as repo from './earning-repository';
import { appendEntries, lockMemberPoints } from './ledger';

/**
 * Earning with the database: the rules of the purchase day, the catalogue's lines of the purchase's GTINs, what the
 * member's capped campaigns already gave; then, for an approval, the budgets spent, the ledger credited and the
 * breakdown written (docs/earning.md).
 */

const monthOf = (purchase: Purchase) => purchase.day.slice(0, 7);

async function capUsage(db: Db, userId: number, rules: readonly Rule[], purchase: Purchase) {
  const capped = (period: 'campanha' | 'mes') =>
    rules.filter((r) => r.kind !== 'base' && r.capPoints !== null && r.capPeriod === period).map((r) => r.id);
  const [whole, month] = await Promise.all([
    repo.pointsTaken(db, userId, capped('campanha'), null),
    repo.pointsTaken(db, userId, capped('mes'), monthOf(purchase)),
  ]);
  return new Map([...whole, ...month]);
}

/** What a purchase would earn now, writing nothing: the painel's and the automatic review's figure. */
export async function previewEarning(db: Db, userId: number, purchase: Purchase): Promise<Earning> {
  const rules = (await repo.rulesInForceOn(db, purchase.day)).map(ruleOf);
  const gtins = [...new Set(purchase.items.flatMap((i) => (i.gtin ? [i.gtin] : [])))];
  const [catalogue, usage] = await Promise.all([productLines(db, gtins), capUsage(db, userId, rules, purchase)]);
  return computeEarning(purchase, rules, catalogue, usage);
}

/**
 * Spends each campaign's budget for what it gives, in rule order; a campaign whose budget no longer covers it gives
 * nothing this time.
 */
async function spendBudgets(trx: Db, earning: Earning): Promise<Earning> {
  const refused = new Set<number>();
  for (const campaign of earning.campaigns) {
    if (campaign.rule.budgetPoints === null || campaign.points === 0) continue;
    if (!(await repo.spendBudget(trx, campaign.rule.id, campaign.points))) refused.add(campaign.rule.id);
  }
  return withoutCampaigns(earning, refused);
}

export interface EarningCredit {
  readonly userId: number;
  readonly invoiceId: number;
  /** The base credit's line in the extract. */
  readonly description: string;
  /** Each campaign's own line in the extract. */
  readonly bonusDescription: (campaignName: string) => string;
}

/**
 * Credits a purchase in the caller's transaction: the member's points held first (so two approvals of one member
 * read their caps one after the other), the budgets spent, one `credit` entry for the base rules and one `bonus`
 * entry per campaign, and the breakdown (item → rule version → points) linked to those entries.
 */
export async function creditPurchase(trx: Db, credit: EarningCredit, purchase: Purchase, now: Date): Promise<Earning> {
  return runInTransaction(trx, async (db) => {
    await lockMemberPoints(db, credit.userId, now);
    const earning = await spendBudgets(db, await previewEarning(db, credit.userId, purchase));
    const base = earning.base.reduce((sum, part) => sum + part.points, 0);
    const entries = [
      { parts: earning.base, points: base, kind: 'credit' as const, description: credit.description },
      ...earning.campaigns.map((c) => ({
        parts: [c],
        points: c.points,
        kind: 'bonus' as const,
        description: credit.bonusDescription(c.rule.name),
      })),
    ].filter((e) => e.points > 0);
    const rows = await appendEntries(
      db,
      credit.userId,
      entries.map((e) => ({
        userId: credit.userId,
        kind: e.kind,
        points: e.points,
        description: e.description,
        invoiceId: credit.invoiceId,
      })),
      now,
    );
    const at = now.toISOString();
    await repo.insertEarnings(
      db,
      entries.flatMap((e, i) =>
        e.parts.flatMap((part) =>
          part.items.map((item) => ({
            invoice_id: credit.invoiceId,
            user_id: credit.userId,
            rule_id: part.rule.id,
            item_index: item.index,
            points: item.points,
            purchase_month: monthOf(purchase),
            ledger_entry_id: rows[i]?.id ?? null,
            created_at: at,
          })),
        ),
      ),
    );
    return earning;
  });
}
