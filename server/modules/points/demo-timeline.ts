import type { Db } from '../../db/schema';
import { dueLots, expireDuePoints } from './ledger';

/** One moment of the demo member's past (an invoice sent, a review, a redemption), run with its own clock. */
export interface DemoEvent {
  /** Epoch milliseconds. */
  readonly at: number;
  readonly run: () => Promise<unknown>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Something the demo member sent (an invoice, a project) and, when the demo reviews it, the review `afterDays` later,
 * with the reviewer's clock on that day.
 */
export function sentThenReviewed(
  sentAt: number,
  send: () => Promise<unknown>,
  review: { afterDays: number; decide: (now: () => number) => Promise<unknown> } | undefined,
): DemoEvent[] {
  if (!review) return [{ at: sentAt, run: send }];
  const reviewedAt = sentAt + review.afterDays * DAY_MS;
  return [
    { at: sentAt, run: send },
    { at: reviewedAt, run: () => review.decide(() => reviewedAt) },
  ];
}

/**
 * Expires what fell due before `until` on the day each lot fell due, as the daily run would have: the ledger is
 * written in time order, so each row's running balance and each month's end agree with the list of lines.
 */
async function expireDueUntil(db: Db, userId: number, until: number): Promise<void> {
  for (;;) {
    const [first] = await dueLots(db, userId, new Date(until).toISOString());
    if (!first) return;
    await expireDuePoints(db, userId, new Date(Date.parse(first.expiresAt) + 1));
  }
}

/**
 * The demo member's year played in the order it happened, whatever module each moment comes from: a redemption
 * dated a year ago is spent from the credits held a year ago, not from what was left after later expiries. Events of
 * the same instant keep the order they were given in.
 */
export async function playInTimeOrder(
  db: Db,
  userId: number,
  events: readonly DemoEvent[],
  until: number,
): Promise<void> {
  const ordered = events.map((event, index) => ({ event, index }));
  ordered.sort((a, b) => a.event.at - b.event.at || a.index - b.index);
  for (const { event } of ordered) {
    await expireDueUntil(db, userId, event.at);
    await event.run();
  }
  await expireDueUntil(db, userId, until);
}
