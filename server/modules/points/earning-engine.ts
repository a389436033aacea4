import type { PointRuleRow } from '../../db/schema';

/**
 * The earning engine, without a database: which rules give what to which items of one purchase (docs/earning.md).
 *
 * - Only items whose GTIN is in the catalogue take part. An item's value is vProd − vDesc.
 * - Base rules, one per product line: points per R$ 1 or per unit. Each rule sums its items' exact values (cents,
 *   or ten-thousandths of a unit) and rounds down once.
 * - Campaigns add to the base of the items they select (lines and/or GTINs, stores, states, purchase dates): a
 *   multiplier gives (rate − 100)% of those items' exact base, rounded down once; a bonus gives its points once per
 *   purchase. An item under a "prioridade" campaign takes only the highest-priority one of those; otherwise it takes
 *   every "somar" campaign that selects it.
 * - A campaign's cap per member (per campaign, or per purchase month) lowers what it gives; its budget gives all of
 *   it or nothing (the database spends the budget, `spendBudgets` in earning.ts).
 *
 * Integers only, never negative: each rule's points are spread over its items by cumulative rounding, so the items'
 * points add up to the rule's exactly, and the rules' to the total.
 */

export interface PurchaseItem {
  /** Position in the invoice, from 0. */
  readonly index: number;
  /** GTIN-14, or null (SEM GTIN). */
  readonly gtin: string | null;
  /** qCom as written, e.g. "2.0000". */
  readonly quantity: string;
  /** vProd − vDesc, never below 0. */
  readonly valueCents: number;
}

export interface Purchase {
  readonly items: readonly PurchaseItem[];
  /** The issuer: the store. */
  readonly storeCnpj: string;
  /** The store's state. */
  readonly uf: string;
  /** Purchase date in São Paulo, YYYY-MM-DD: the rules of that day apply. */
  readonly day: string;
}

export interface Rule {
  readonly id: number;
  readonly code: string;
  readonly version: number;
  readonly name: string;
  readonly kind: PointRuleRow['kind'];
  readonly per: 'real' | 'unit';
  readonly rate: number;
  readonly lines: readonly string[] | null;
  readonly gtins: readonly string[] | null;
  readonly stores: readonly string[] | null;
  readonly ufs: readonly string[] | null;
  readonly startsOn: string;
  readonly endsOn: string | null;
  readonly capPoints: number | null;
  readonly capPeriod: 'campanha' | 'mes' | null;
  readonly budgetPoints: number | null;
  readonly budgetUsed: number;
  readonly resolution: 'somar' | 'prioridade';
  readonly priority: number;
}

const list = (json: string | null): readonly string[] | null => (json === null ? null : (JSON.parse(json) as string[]));

export const ruleOf = (row: PointRuleRow): Rule => ({
  id: row.id,
  code: row.code,
  version: row.version,
  name: row.name,
  kind: row.kind,
  per: row.per,
  rate: row.rate,
  lines: list(row.lines),
  gtins: list(row.gtins),
  stores: list(row.stores),
  ufs: list(row.ufs),
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  capPoints: row.cap_points,
  capPeriod: row.cap_period,
  budgetPoints: row.budget_points,
  budgetUsed: row.budget_used,
  resolution: row.resolution,
  priority: row.priority,
});

/** The catalogue's line of each GTIN-14 the purchase names. */
export type Catalogue = ReadonlyMap<string, string>;

/** Points each capped campaign already gave the member in its cap period (the campaign, or the purchase's month). */
export type CapUsage = ReadonlyMap<number, number>;

export interface ItemPoints {
  readonly index: number;
  readonly points: number;
}

export interface RulePoints {
  readonly rule: Rule;
  readonly points: number;
  /** Only items with points. */
  readonly items: readonly ItemPoints[];
  /** The rule's weights per item, kept to spread the points again when a budget refuses a campaign. */
  readonly weights: readonly Weight[];
}

export interface Earning {
  readonly base: readonly RulePoints[];
  readonly campaigns: readonly RulePoints[];
  readonly total: number;
}

interface Weight {
  readonly index: number;
  readonly weight: bigint;
}

/** Points are counted in millionths while summing, so a rule rounds once, at the end. */
const MICRO = 1_000_000n;

/** "2.5" → 25000 ten-thousandths of a unit; anything else → 0. */
function tenThousandths(quantity: string): bigint {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(quantity.trim());
  if (!match) return 0n;
  return BigInt(match[1] ?? '0') * 10_000n + BigInt(((match[2] ?? '') + '0000').slice(0, 4));
}

/** An item's exact base points, in millionths. */
function baseMicro(rule: Rule, item: PurchaseItem): bigint {
  const rate = BigInt(rule.rate);
  return rule.per === 'unit'
    ? tenThousandths(item.quantity) * rate * 100n
    : BigInt(Math.max(0, Math.trunc(item.valueCents))) * rate * 10_000n;
}

/** `points` spread over the weights by cumulative rounding down: non-negative, adding up to `points` exactly. */
export function spread(weights: readonly Weight[], points: number): ItemPoints[] {
  const total = weights.reduce((sum, w) => sum + w.weight, 0n);
  if (total === 0n || points <= 0) return [];
  const out: ItemPoints[] = [];
  let running = 0n;
  let given = 0n;
  for (const w of weights) {
    running += w.weight;
    const upTo = (BigInt(points) * running) / total;
    if (upTo > given) out.push({ index: w.index, points: Number(upTo - given) });
    given = upTo;
  }
  return out;
}

const inForce = (rule: Rule, day: string) => rule.startsOn <= day && (rule.endsOn === null || day <= rule.endsOn);

const selects = (rule: Rule, purchase: Purchase, item: PurchaseItem, line: string): boolean => {
  if (rule.stores && !rule.stores.includes(purchase.storeCnpj)) return false;
  if (rule.ufs && !rule.ufs.includes(purchase.uf)) return false;
  if (!rule.lines && !rule.gtins) return true;
  return Boolean(rule.lines?.includes(line) || (item.gtin && rule.gtins?.includes(item.gtin)));
};

/** The campaigns an item takes: the top "prioridade" one if any selects it, else every "somar" one. */
function campaignsOf(candidates: readonly Rule[]): readonly Rule[] {
  const exclusive = candidates.filter((r) => r.resolution === 'prioridade');
  if (exclusive.length === 0) return candidates;
  const top = exclusive.reduce((best, r) => (r.priority > best.priority ? r : best));
  return [top];
}

/** A campaign's points before its cap and budget. */
function campaignPoints(rule: Rule, weights: readonly Weight[]): { points: number; weights: readonly Weight[] } {
  if (weights.length === 0) return { points: 0, weights };
  if (rule.kind === 'bonus') return { points: rule.rate, weights: [{ index: weights[0]!.index, weight: 1n }] };
  const extra = BigInt(Math.max(0, rule.rate - 100));
  const scaled = weights.map((w) => ({ index: w.index, weight: w.weight * extra }));
  const sum = scaled.reduce((s, w) => s + w.weight, 0n);
  return { points: Number(sum / (MICRO * 100n)), weights: scaled };
}

/** What the cap still allows and whether the budget (as last read) covers it: all of it or nothing. */
function limited(rule: Rule, points: number, usage: CapUsage): number {
  let allowed = points;
  if (rule.capPoints !== null) allowed = Math.min(allowed, Math.max(0, rule.capPoints - (usage.get(rule.id) ?? 0)));
  if (rule.budgetPoints !== null && rule.budgetUsed + allowed > rule.budgetPoints) return 0;
  return allowed;
}

function add(weights: Map<number, Weight[]>, ruleId: number, weight: Weight): void {
  const list = weights.get(ruleId);
  if (list) list.push(weight);
  else weights.set(ruleId, [weight]);
}

export function computeEarning(
  purchase: Purchase,
  rules: readonly Rule[],
  catalogue: Catalogue,
  usage: CapUsage = new Map(),
): Earning {
  const today = [...rules].filter((r) => inForce(r, purchase.day)).sort((a, b) => a.id - b.id);
  const baseRules = today.filter((r) => r.kind === 'base');
  const campaignRules = today.filter((r) => r.kind !== 'base');
  const baseWeights = new Map<number, Weight[]>();
  const campaignWeights = new Map<number, Weight[]>();
  for (const item of purchase.items) {
    const line = item.gtin ? catalogue.get(item.gtin) : undefined;
    if (line === undefined) continue;
    // The newest version in force, should two overlap.
    const base = baseRules.filter((r) => r.lines?.includes(line)).at(-1);
    const micro = base ? baseMicro(base, item) : 0n;
    if (base) add(baseWeights, base.id, { index: item.index, weight: micro });
    for (const rule of campaignsOf(campaignRules.filter((r) => selects(r, purchase, item, line))))
      add(campaignWeights, rule.id, { index: item.index, weight: micro });
  }
  const base = baseRules.flatMap((rule) => {
    const weights = baseWeights.get(rule.id);
    if (!weights) return [];
    const points = Number(weights.reduce((s, w) => s + w.weight, 0n) / MICRO);
    return [{ rule, points, items: spread(weights, points), weights }];
  });
  const campaigns = campaignRules.flatMap((rule) => {
    const found = campaignPoints(rule, campaignWeights.get(rule.id) ?? []);
    if (found.weights.length === 0) return [];
    const points = limited(rule, found.points, usage);
    return [{ rule, points, items: spread(found.weights, points), weights: found.weights }];
  });
  const total = [...base, ...campaigns].reduce((sum, part) => sum + part.points, 0);
  return { base, campaigns, total };
}

/** The same earning with some campaigns giving nothing (their budget was spent meanwhile). */
export function withoutCampaigns(earning: Earning, refused: ReadonlySet<number>): Earning {
  if (refused.size === 0) return earning;
  const campaigns = earning.campaigns.map((c) => (refused.has(c.rule.id) ? { ...c, points: 0, items: [] } : c));
  const total = [...earning.base, ...campaigns].reduce((sum, part) => sum + part.points, 0);
  return { base: earning.base, campaigns, total };
}

/** Each item's points across every rule. */
export function pointsByItem(earning: Earning): Map<number, number> {
  const byItem = new Map<number, number>();
  for (const part of [...earning.base, ...earning.campaigns])
    for (const item of part.items) byItem.set(item.index, (byItem.get(item.index) ?? 0) + item.points);
  return byItem;
}
