'use client';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';

/** The page renews the reviewer's hold this often while it stays open (the hold lasts five minutes). */
const RENEW_MS = 2 * 60 * 1000;

/** A desk's hold on an item: taking (or renewing) it answers the lease; releasing lets it go. */
export interface ReviewLeaseActions<TLease> {
  readonly take: (id: string) => Promise<TLease>;
  readonly release: (id: string) => Promise<unknown>;
}

/**
 * Opening a waiting item takes it: the hold is renewed while the page is open and let go when the page closes or the
 * item stops waiting. A failure to take it is kept for the page to show beside the item.
 */
export function useReviewLease<TLease>({ take, release }: ReviewLeaseActions<TLease>, id: string, waiting: boolean) {
  const [lease, setLease] = useState<TLease | null>(null);
  const [leaseProblem, setLeaseProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!waiting) return;
    let active = true;
    const renew = () =>
      take(id)
        .then((taken) => active && setLease(taken))
        .catch((problem: unknown) => active && setLeaseProblem(errorMessage(problem as never)));
    void renew();
    const timer = window.setInterval(() => void renew(), RENEW_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
      void release(id).catch(() => {});
    };
  }, [id, waiting, take, release]);
  return { lease, setLease, leaseProblem };
}
