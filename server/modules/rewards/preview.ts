// What a member reads before taking a reward (the points a redemption would spend, the address a product goes to)
// and the reward home points to.
import { todayInBrazil } from '../../../common/format/dates';
import { entryOwnerField, expireDuePoints, getBalance, planSpending, type PlannedLot } from '../points';
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

/** The order of each redemption and refund of the extract (null for a partner transfer's). */
export const orderIdOfEntry = entryOwnerField(['REDEMPTION', 'REFUND'], repo.ordersOfLedgerEntries);
