'use client';
import { useEffect, useState, type ReactNode } from 'react';
import type { TypedDocumentString } from '@/lib/painel/operations';
import { usePainelQuery } from '../use-painel-query';
import { useReviewLease, type ReviewLeaseActions } from './use-review-lease';

/**
 * The item's files are signed links of 5 minutes (the API's STAFF_FILE_LINK_TTL_MS): the page asks for the item again
 * a minute before they end, so "Abrir o PDF em outra aba" and the full-screen photo still open after a long look.
 */
export const FILE_LINK_RENEW_MS = 4 * 60 * 1000;

/** What the desks read of an item: its status, and an approval request waiting for a second person. */
export interface ReviewedItem {
  status: string;
  approvalRequest?: { mine: boolean } | null;
}

/** What makes a review desk: its page's words, the item's query, its hold, and when an item waits. */
export interface ReviewDesk<TResult, TItem extends ReviewedItem, TLease extends { mine: boolean }> {
  title: string;
  /** What the page says without an id: where to choose an item. */
  choose: ReactNode;
  loadingLabel: string;
  href: (id: string) => string;
  document: TypedDocumentString<TResult, { id: string }>;
  /** The item in the query's answer. */
  item: (data: TResult) => TItem;
  lease: ReviewLeaseActions<TLease>;
  /** Who holds the item as its query read it. */
  leaseOf: (item: TItem) => TLease | null;
  isWaiting: (status: string) => boolean;
}

/** A review's item, the reviewer's hold on it, and what a decision's answer goes to. */
export interface ReviewItem<TItem, TLease> {
  item: TItem;
  lease: TLease | null;
  leaseProblem: string | null;
  /** Takes the hold now (a decision does before it is sent); null when another reviewer has it or it failed. */
  hold: () => Promise<TLease | null>;
  /** A hold the page got otherwise (an admin's take-over). */
  held: (lease: TLease) => void;
  changed: (updated: TItem) => void;
}

/**
 * Whether the page may hold the item: while it waits, unless the reviewer asked for its approval, which another
 * person must now open and confirm.
 */
const holds = (desk: { isWaiting: (status: string) => boolean }, item: ReviewedItem) =>
  desk.isWaiting(item.status) && item.approvalRequest?.mine !== true;

/**
 * The item a review page shows (null until it comes): read once, again before its file links end, then as each
 * decision answers it (`changed`), with the reviewer's hold on it while it waits. The hold shown is dropped once the
 * item stops waiting.
 */
export function useReviewItem<TResult, TItem extends ReviewedItem, TLease extends { mine: boolean }>(
  desk: ReviewDesk<TResult, TItem, TLease>,
  id: string,
) {
  const query = usePainelQuery(desk.document, { variables: { id } });
  const [item, setItem] = useState<TItem | null>(null);
  const hold = useReviewLease(desk.lease, id, !!item && holds(desk, item), null);
  const { item: read, leaseOf } = desk;
  const { setLease } = hold;
  useEffect(() => {
    if (!query.data) return;
    const loaded = read(query.data);
    setItem(loaded);
    setLease(leaseOf(loaded));
    // setLease only writes state and refs: the item is read again only when the query answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data, read, leaseOf]);
  const { refetch } = query;
  useEffect(() => {
    const timer = window.setInterval(() => void refetch(), FILE_LINK_RENEW_MS);
    return () => window.clearInterval(timer);
  }, [refetch]);
  return {
    item,
    error: query.error,
    lease: hold.lease,
    leaseProblem: hold.leaseProblem,
    hold: hold.hold,
    held: setLease,
    changed: (updated: TItem) => {
      setItem(updated);
      if (!holds(desk, updated)) hold.setLease(null);
    },
  };
}
