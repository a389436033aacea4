'use client';
import { useEffect, useState, type ReactNode } from 'react';
import type { TypedDocumentString } from '@/lib/painel/operations';
import { usePainelQuery } from '../use-painel-query';
import { useReviewLease, type ReviewLeaseActions } from './use-review-lease';

/** What makes a review desk: its page's words, the item's query, its hold, and when an item waits. */
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

export interface ReviewDesk<TResult, TItem extends ReviewedItem, TLease> {
  title: string;
  /** What the page says without an id: where to choose an item. */
  choose: ReactNode;
  loadingLabel: string;
  href: (id: string) => string;
  document: TypedDocumentString<TResult, { id: string }>;
  /** The item in the query's answer. */
  item: (data: TResult) => TItem;
  lease: ReviewLeaseActions<TLease>;
  isWaiting: (status: string) => boolean;
}

/** A review's item, the reviewer's hold on it, and what a decision's answer goes to. */
export interface ReviewItem<TItem, TLease> {
  item: TItem;
  lease: TLease | null;
  leaseProblem: string | null;
  changed: (updated: TItem) => void;
}

/**
 * The item a review page shows (null until it comes): read once, then as each decision answers it (`changed`), with
 * the reviewer's hold on it while it waits. The hold shown is dropped once the item stops waiting.
 */
/**
 * Whether the page holds the item: while it waits, unless the reviewer asked for its approval, which another person
 * must now open and confirm.
 */
const holds = (desk: { isWaiting: (status: string) => boolean }, item: ReviewedItem) =>
  desk.isWaiting(item.status) && item.approvalRequest?.mine !== true;

export function useReviewItem<TResult, TItem extends ReviewedItem, TLease>(
  desk: ReviewDesk<TResult, TItem, TLease>,
  id: string,
) {
  const query = usePainelQuery(desk.document, { variables: { id } });
  const [item, setItem] = useState<TItem | null>(null);
  const read = desk.item;
  useEffect(() => {
    if (query.data) setItem(read(query.data));
  }, [query.data, read]);
  const { refetch } = query;
  useEffect(() => {
    const timer = window.setInterval(() => void refetch(), FILE_LINK_RENEW_MS);
    return () => window.clearInterval(timer);
  }, [refetch]);
  const hold = useReviewLease(desk.lease, id, !!item && holds(desk, item));
  return {
    item,
    error: query.error,
    lease: hold.lease,
    leaseProblem: hold.leaseProblem,
    changed: (updated: TItem) => {
      setItem(updated);
      if (!holds(desk, updated)) hold.setLease(null);
    },
  };
}
