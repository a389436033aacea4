// What a member reads before taking a reward (the points a redemption would spend, the address a product goes to)
// and the reward home points to.
import { todayInBrazil } from '../../../lib/format/dates';
import { expireDuePoints, getBalance, planSpending, type PlannedLot } from '../points';
import { requireMember } from '../users';
import { nowOf, type ServiceDeps } from '../service-deps';
import * as repo from './repository';
import { getReward, profileAddress } from './service';
import type { DeliveryAddress, RewardView } from './views';

type Deps = ServiceDeps<'db' | 'config' | 'userId'>;

export interface RedemptionSpend {
  points: number;
  expiresAt: string;
}

export interface RedemptionPreview {
  reward: RewardView;
  balance: number;
  balanceAfter: number | null;
  spends: RedemptionSpend[];
  address: DeliveryAddress | null;
}

/**
 * Lots expiring on the same São Paulo day are one line for the member ("980 pontos que vencem em 08/12"): credits
 * of one day expire together. Lots come oldest first, which is also their expiry order.
 */
export function groupByExpiryDay(lots: readonly PlannedLot[]): RedemptionSpend[] {
  const groups: (RedemptionSpend & { day: string })[] = [];
  for (const lot of lots) {
    // Every lot gets an expiry when it is written (ledger.appendEntries); one without would never be due.
    if (!lot.expiresAt) continue;
    const day = todayInBrazil(new Date(lot.expiresAt));
    const last = groups.at(-1);
    if (last?.day === day) last.points += lot.points;
    else groups.push({ day, points: lot.points, expiresAt: lot.expiresAt });
  }
  return groups.map(({ points, expiresAt }) => ({ points, expiresAt }));
}

/**
 * The redemption of `slug` as it would be written now. getReward expires due points first, as spendPoints does, and
 * planSpending reads the lot range spendPoints' debit takes, so the lines shown are the points the order spends
 * (unless the balance moves before the member confirms: the order then spends from the balance it finds).
 */
export async function redemptionPreview(deps: Deps, slug: string): Promise<RedemptionPreview> {
  const reward = await getReward(deps, slug);
  const user = await requireMember(deps.db, deps.userId);
  const { balance } = await getBalance(deps.db, user.id);
  const covered = balance >= reward.points;
  const [spends, address] = await Promise.all([
    covered ? planSpending(deps.db, user.id, reward.points).then(groupByExpiryDay) : Promise.resolve([]),
    reward.needsAddress ? profileAddress(deps.db, user) : Promise.resolve(null),
  ]);
  return { reward, balance, balanceAfter: covered ? balance - reward.points : null, spends, address };
}

/**
 * Home's reward: the dearest one the balance already covers (the best the member can take today) or, when the
 * balance covers none, the cheapest one out of reach (the nearest goal). Only rewards the member could take count:
 * active, in stock and under their own limit. Null when the catalogue has none of those.
 */
export async function closestReward(deps: Deps): Promise<RewardView | null> {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const now = nowOf(deps);
  await expireDuePoints(db, user.id, now);
  const { balance } = await getBalance(db, user.id);
  const at = now.toISOString();
  const row =
    (await repo.takeableReward(db, user.id, at, balance, 'within')) ??
    (await repo.takeableReward(db, user.id, at, balance, 'beyond'));
  return row ? getReward(deps, row.slug) : null;
}

/**
 * The order of each redemption and refund on one page of the extract, in one query: the entries of a page resolve
 * their `orderId` in the same tick, so the first one starts a batch the others join.
 */
const batches = new WeakMap<object, { ids: Set<number>; orders: Promise<Map<number, string>> }>();

export function orderIdOfEntry(deps: Deps, entry: { id: string; kind: string }): Promise<string | null> | null {
  if ((entry.kind !== 'REDEMPTION' && entry.kind !== 'REFUND') || deps.userId === null) return null;
  let batch = batches.get(deps);
  if (!batch) {
    const ids = new Set<number>();
    const userId = deps.userId;
    const orders = Promise.resolve().then(async () => {
      batches.delete(deps);
      const rows = await repo.ordersOfLedgerEntries(deps.db, userId, [...ids]);
      const byEntry = new Map<number, string>();
      for (const row of rows) {
        byEntry.set(row.debit_entry_id, String(row.id));
        if (row.refund_entry_id !== null) byEntry.set(row.refund_entry_id, String(row.id));
      }
      return byEntry;
    });
    batch = { ids, orders };
    batches.set(deps, batch);
  }
  const id = Number(entry.id);
  batch.ids.add(id);
  return batch.orders.then((byEntry) => byEntry.get(id) ?? null);
}
