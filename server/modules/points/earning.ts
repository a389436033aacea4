import type { Db } from '../../db/schema';
import { todayInBrazil } from '../../../lib/format/dates';
import { activeEarningRules } from './repository';

/**
 * Points for a purchase: the standard campaign's rate (points per R$ 1 of the invoice total, rounded down), then
 * each multiplier campaign whose period contains the purchase date, applied in turn and rounded down. Integers only.
 *
 * The rules live in this module's own `earning_rules` table, apart from the campaigns' content.
 */
export interface EarnedPart {
  ruleId: number;
  name: string;
  points: number;
}

export interface EarnedPoints {
  base: EarnedPart;
  bonuses: EarnedPart[];
  total: number;
}

export async function pointsForPurchase(db: Db, totalCents: number, purchasedAt: Date): Promise<EarnedPoints> {
  const day = todayInBrazil(purchasedAt);
  const rules = await activeEarningRules(db);
  const base = rules.find((r) => r.kind === 'base');
  if (!base) throw new Error('Nenhuma regra de pontuação padrão ativa.');
  const basePoints = Math.floor((totalCents * base.points_per_real) / 100);
  let running = basePoints;
  const bonuses: EarnedPart[] = [];
  for (const rule of rules) {
    if (rule.kind !== 'multiplier' || rule.multiplier_percent <= 100) continue;
    if ((rule.starts_on && day < rule.starts_on) || (rule.ends_on && day > rule.ends_on)) continue;
    const next = Math.floor((running * rule.multiplier_percent) / 100);
    bonuses.push({ ruleId: rule.id, name: rule.name, points: next - running });
    running = next;
  }
  return { base: { ruleId: base.id, name: base.name, points: basePoints }, bonuses, total: running };
}
