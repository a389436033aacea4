'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';

/** The page renews the reviewer's hold this often while it is used (the hold lasts five minutes). */
const RENEW_MS = 2 * 60 * 1000;
/** Looking at an item this long, in a visible tab with the focus, takes it as an action would. */
export const LOOK_MS = 20 * 1000;

/** A desk's hold on an item: taking (or renewing) it answers the lease; releasing lets it go. */
export interface ReviewLeaseActions<TLease> {
  readonly take: (id: string) => Promise<TLease>;
  /** `closing`: the tab is closing, the request must outlive the page (fetch's keepalive). */
  readonly release: (id: string, closing?: boolean) => Promise<unknown>;
}

/** What the reviewer does on the page that counts as working on it (not merely having it open). */
const USE_EVENTS = ['keydown', 'pointerdown', 'input', 'wheel'] as const;

const looking = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * The reviewer's hold on a waiting item. Opening it only to look takes nothing: the hold is taken at the first action
 * on the page (a key, a click, typing) or after 20 seconds of looking at it in a visible, focused tab; it is renewed
 * only while the tab is visible and was used since the last renewal, so a forgotten tab lets it go within five
 * minutes and makes no request that keeps the session alive; and it is let go when the item stops waiting, the page
 * changes, or the tab closes. `hold` takes it now (a decision does, before it is sent). `initial` is who holds it as
 * the item was read. A failure to take it is kept for the page to show beside the item.
 */
export function useReviewLease<TLease extends { mine: boolean }>(
  { take, release }: ReviewLeaseActions<TLease>,
  id: string,
  waiting: boolean,
  initial: TLease | null,
) {
  const [lease, setLease] = useState<TLease | null>(initial);
  const [leaseProblem, setLeaseProblem] = useState<string | null>(null);
  const held = useRef(initial?.mine === true);
  // The last hold read: while another reviewer has it, the reviewer's keys and clicks do not ask again.
  const known = useRef<TLease | null>(initial);
  const taking = useRef<Promise<TLease | null> | null>(null);

  const hold = useCallback(async (): Promise<TLease | null> => {
    if (!waiting) return null;
    taking.current ??= take(id)
      .then((taken) => {
        held.current = taken.mine;
        known.current = taken;
        setLease(taken);
        setLeaseProblem(null);
        return taken;
      })
      .catch((problem: unknown) => {
        setLeaseProblem(errorMessage(problem as never));
        return null;
      })
      .finally(() => {
        taking.current = null;
      });
    return taking.current;
  }, [id, waiting, take]);

  useEffect(() => {
    if (!waiting) return;
    let used = false;
    const onUse = (event: Event) => {
      used = true;
      // Following a link away (back to the queue) is no work on this item.
      const onLink = event.target instanceof Element && event.target.closest('a') !== null;
      if (!held.current && !onLink && !(known.current && !known.current.mine)) void hold();
    };
    for (const name of USE_EVENTS) window.addEventListener(name, onUse, { capture: true, passive: true });
    // Twenty seconds of looking at it, counted only while the tab is visible and focused.
    let looked = 0;
    const look = window.setInterval(() => {
      looked = looking() ? looked + 1000 : looked;
      if (looked >= LOOK_MS && !held.current) {
        looked = 0;
        void hold();
      }
    }, 1000);
    const renew = window.setInterval(() => {
      if (held.current && used && document.visibilityState === 'visible') void hold();
      used = false;
    }, RENEW_MS);
    const onClose = () => {
      if (held.current) void release(id, true).catch(() => {});
    };
    window.addEventListener('pagehide', onClose);
    return () => {
      for (const name of USE_EVENTS) window.removeEventListener(name, onUse, { capture: true });
      window.clearInterval(look);
      window.clearInterval(renew);
      window.removeEventListener('pagehide', onClose);
      if (held.current) void release(id).catch(() => {});
      held.current = false;
    };
  }, [id, waiting, hold, release]);

  return {
    lease,
    /** The hold as read elsewhere: the item's query, a decision's answer. */
    setLease: (next: TLease | null) => {
      held.current = next?.mine === true;
      known.current = next;
      setLease(next);
    },
    leaseProblem,
    hold,
  };
}
