'use client';
import type { ComponentType } from 'react';
import { ItemRoute } from '../item-route';
import { PainelPageLoading } from '../painel-page-loading';
import { useReviewItem, type ReviewDesk, type ReviewItem } from './use-review-item';

/** The page of one item: the item with the reviewer's hold, and `go` to open another in place. */
type Layout<TItem, TLease> = ComponentType<{ review: ReviewItem<TItem, TLease>; go: (next: string) => void }>;

/**
 * A review page, /…/revisar?id=…: where to choose an item without an id, the item once it comes (or why it did not),
 * held by the reviewer while it waits, laid out by `layout`.
 */
export function ReviewPage<TResult, TItem extends { status: string }, TLease extends { mine: boolean }>({
  desk,
  layout,
}: {
  desk: ReviewDesk<TResult, TItem, TLease>;
  layout: Layout<TItem, TLease>;
}) {
  return (
    <ItemRoute param="id" title={desk.title} loadingLabel={desk.loadingLabel} choose={desk.choose} href={desk.href}>
      {(id, go) => <Review key={id} id={id} go={go} desk={desk} layout={layout} />}
    </ItemRoute>
  );
}

function Review<TResult, TItem extends { status: string }, TLease extends { mine: boolean }>(props: {
  id: string;
  go: (next: string) => void;
  desk: ReviewDesk<TResult, TItem, TLease>;
  layout: Layout<TItem, TLease>;
}) {
  const { desk } = props;
  const { item, error, ...review } = useReviewItem(desk, props.id);
  if (!item) return <PainelPageLoading title={desk.title} loadingLabel={desk.loadingLabel} error={error} />;
  const Layout = props.layout;
  return <Layout review={{ ...review, item }} go={props.go} />;
}
