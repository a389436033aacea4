import { isProductLine, PRODUCT_LINE_LABELS, PRODUCT_LINES } from '../../../common/products/lines';
import { todayInBrazil } from '../../../common/format/dates';
import { requireMember } from '../users';
import { nowOf, type ServiceDeps } from '../service-deps';
import { ruleOf, type Rule } from './earning-engine';
import { rulesInForceOn } from './earning-repository';

/** What a campaign gives, as the member reads it. */
function gives(rule: Rule): string {
  if (rule.kind === 'bonus') return `+${rule.rate} pontos por compra`;
  if (rule.rate === 200) return 'pontos em dobro';
  if (rule.rate === 300) return 'pontos em triplo';
  return `+${rule.rate - 100}% de pontos`;
}

const labelOf = (line: string) => (isProductLine(line) ? PRODUCT_LINE_LABELS[line] : line);

/**
 * "Como ganhar pontos", generated from the rules in force today (never written by hand): each line's base rate and
 * each running campaign, the soonest to end first.
 */
export async function howToEarn(deps: ServiceDeps<'db' | 'config' | 'userId'>) {
  await requireMember(deps.db, deps.userId);
  const rules = (await rulesInForceOn(deps.db, todayInBrazil(nowOf(deps)))).map(ruleOf);
  const lines = PRODUCT_LINES.flatMap((line) => {
    const base = rules.filter((r) => r.kind === 'base' && r.lines?.includes(line)).at(-1);
    return base
      ? [{ line, label: labelOf(line), rate: base.rate, per: base.per === 'unit' ? 'UNIT' : 'REAL' } as const]
      : [];
  });
  const campaigns = rules
    .filter((r) => r.kind !== 'base' && r.rate > (r.kind === 'multiplier' ? 100 : 0))
    .filter((r) => r.budgetPoints === null || r.budgetUsed < r.budgetPoints)
    .sort((a, b) => (a.endsOn ?? '9999').localeCompare(b.endsOn ?? '9999') || a.id - b.id)
    .map((r) => ({
      name: r.name,
      gives: gives(r),
      lines: (r.lines ?? []).map(labelOf),
      gtinCount: r.gtins?.length ?? 0,
      ufs: [...(r.ufs ?? [])],
      endsOn: r.endsOn,
    }));
  return { lines, campaigns };
}
