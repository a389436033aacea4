import type { AppConfig } from '../../config';
import type { Db } from '../../db/schema';
import { deliverOrder, generateCodes, separateOrder, shipOrder } from './operator';
import * as repo from './repository';
import { redeemReward } from './service';
import { givesCode } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO = 'demonstração';

/**
 * The demo club's rewards, with the demo member's history: a pool of codes for every voucher and course that has
 * none (so "Mostrar código" works out of the box), and one order delivered two months ago and one being separated now,
 * made through the member's own redemption and the operator's steps with the clock set to those days.
 */
export async function seedDemoRewards(db: Db, config: AppConfig, member: { id: number }): Promise<void> {
  const at = (daysAgo: number) => ({ db, config: { ...config, now: () => config.now() - daysAgo * DAY_MS } });
  for (const reward of await repo.allRewards(db)) {
    if (!givesCode(reward)) continue;
    if ((await repo.freeCodeCounts(db, [reward.id])).has(reward.id)) continue;
    const validUntil = new Date(config.now() + 365 * DAY_MS).toISOString().slice(0, 10);
    await generateCodes(at(0), reward.slug, { count: '40', prefix: 'DEMO-', validUntil }, DEMO);
  }

  // A year ago, paid with points that would have expired since: the points about to expire stay in the demo.
  const delivered = await redeemReward(
    { ...at(390), userId: member.id },
    { slug: 'avental-couro', idempotencyKey: 'demo-resgate-entregue' },
  );
  await separateOrder(at(389), delivered.id, DEMO);
  await shipOrder(at(388), delivered.id, DEMO, { tracking: 'QB482913564BR', carrier: 'Correios' });
  await deliverOrder(at(383), delivered.id, DEMO);

  const separating = await redeemReward(
    { ...at(2), userId: member.id },
    { slug: 'gabarito-dobradica-35', idempotencyKey: 'demo-resgate-separacao' },
  );
  await separateOrder(at(1), separating.id, DEMO);
}
