'use client';
import type { ReactNode } from 'react';
import { Spinner } from '../ui/spinner';
import type { LoadMoreState } from '../ui/use-load-more';
import { CardListSkeleton, EmptyState, Loading } from '../ui/content-states';

/** Cards per page of the content lists; the API allows up to 50. */
export const LIST_PAGE_SIZE = 6;

/** The page to ask for next when `shown` items of LIST_PAGE_SIZE-long pages are on screen. */
export const nextPageOf = (shown: number): number => Math.floor(shown / LIST_PAGE_SIZE) + 1;

/** "Carregar mais" under a list: announces how many are shown and keeps focus on the button while loading. */
export function LoadMore({
  shown,
  total,
  noun,
  state: { loadingMore, loadMoreError, loadMore },
}: {
  shown: number;
  total: number;
  noun: string;
  state: LoadMoreState;
}): ReactNode {
  return (
    <div className="load-more">
      <p className="muted" aria-live="polite">
        Mostrando {shown} de {total} {noun}
      </p>
      {loadMoreError && (
        <p className="alert alert--error" role="alert">
          {loadMoreError}
        </p>
      )}
      {shown < total &&
        (loadingMore ? (
          <Spinner label="Carregando mais" />
        ) : (
          <button type="button" className="button button--secondary" onClick={loadMore}>
            Carregar mais
          </button>
        ))}
    </div>
  );
}

/**
 * A paged list of content cards (campaigns, promotions): skeletons while the first page loads, the empty text, or
 * the grid with "Carregar mais" under it.
 */
export function CardGrid<Item>({
  list,
  loading,
  label,
  noun,
  emptyText,
  loadMore,
  keyOf,
  renderCard,
}: {
  list: { data: readonly Item[]; total: number } | null | undefined;
  loading: boolean;
  label: string;
  noun: string;
  emptyText: string;
  loadMore: LoadMoreState;
  keyOf: (item: Item) => string;
  renderCard: (item: Item) => ReactNode;
}) {
  if (!list) {
    return loading ? (
      <Loading>
        <CardListSkeleton />
      </Loading>
    ) : null;
  }
  if (list.data.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <>
      <ul className="content-grid" aria-label={label}>
        {list.data.map((item) => (
          <li key={keyOf(item)}>{renderCard(item)}</li>
        ))}
      </ul>
      <LoadMore shown={list.data.length} total={list.total} noun={noun} state={loadMore} />
    </>
  );
}
