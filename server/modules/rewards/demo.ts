import { unsentMessenger } from '../../adapters/messenger';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/schema';
import type { DemoEvent } from '../points';
import { deliverOrder, generateCodes, separateOrder, shipOrder } from './actions';
import * as repo from './repository';
import { redeemReward } from './service';
import { givesCode } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO = 'demonstração';

/**
 * The demo club's rewards, with the demo member's history: a pool of codes for every voucher and course that has
 * none (so "Mostrar código" works out of the box), made at once; and, as moments of the demo year played in time
 * order with the other modules' (points/demo-timeline.ts), one order delivered a year ago and one being separated
 * now, made through the member's own redemption and the operator's steps with the clock set to those days.
 */
export async function seedDemoRewardCodes(db: Db, config: AppConfig): Promise<void> {
  const at = { db, config };
  for (const reward of await repo.allRewards(db)) {
    if (!givesCode(reward)) continue;
    if ((await repo.freeCodeCounts(db, [reward.id])).has(reward.id)) continue;
    const validUntil = new Date(config.now() + 365 * DAY_MS).toISOString().slice(0, 10);
    await generateCodes(at, reward.slug, { count: '40', prefix: 'DEMO-', validUntil }, DEMO);
  }
}

export function demoRewardEvents(db: Db, config: AppConfig, member: { id: number }): DemoEvent[] {
  const start = config.now();
  const when = (daysAgo: number) => start - daysAgo * DAY_MS;
  const at = (daysAgo: number) => ({ db, config: { ...config, now: () => when(daysAgo) } });
  /** Order ids by reward, once the member's redemption has made them. */
  const orders = new Map<string, string>();
  const order = (slug: string) => orders.get(slug) ?? '';
  const redeemOn = (daysAgo: number, slug: string, idempotencyKey: string): DemoEvent => ({
    at: when(daysAgo),
    run: async () => {
      // The demo's year is replayed, not lived: its receipts are the inbox's only, no e-mail to the demo member.
      const deps = { ...at(daysAgo), userId: member.id, messenger: unsentMessenger };
      orders.set(slug, (await redeemReward(deps, { slug, idempotencyKey })).id);
    },
  });
  const step = (daysAgo: number, move: (deps: ReturnType<typeof at>) => Promise<unknown>): DemoEvent => ({
    at: when(daysAgo),
    run: () => move(at(daysAgo)),
  });
  return [
    // A year ago, paid from the credits held then (the oldest first): what is left of them expired since.
    redeemOn(390, 'avental-couro', 'demo-resgate-entregue'),
    step(389, (deps) => separateOrder(deps, order('avental-couro'), DEMO)),
    step(388, (deps) =>
      shipOrder(deps, order('avental-couro'), DEMO, { tracking: 'QB482913564BR', carrier: 'Correios' }),
    ),
    step(383, (deps) => deliverOrder(deps, order('avental-couro'), DEMO)),
    redeemOn(2, 'gabarito-dobradica-35', 'demo-resgate-separacao'),
    step(1, (deps) => separateOrder(deps, order('gabarito-dobradica-35'), DEMO)),
  ];
}
