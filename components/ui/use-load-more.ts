'use client';
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';

export interface LoadMoreState {
  loadingMore: boolean;
  /** Why the last page failed, in pt-BR; cleared when the member tries again. */
  loadMoreError: string | null;
  loadMore: () => void;
}

/**
 * The state of one "carregar mais" button: busy while its page is on the way, and a second tap is ignored
 * meanwhile so a slow connection never fetches the same page twice. `load` is null when there is nothing more.
 * A failed page leaves the list as it was and says why; the button comes back for another try.
 */
export function useLoadMore(load: (() => Promise<unknown>) | null): LoadMoreState {
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<string | null>(null);
  const loadMore = useCallback(() => {
    if (!load || loadingMore) return;
    setLoadingMore(true);
    setLoadMoreError(null);
    load()
      .catch((error: Error) => setLoadMoreError(errorMessage(error)))
      .finally(() => setLoadingMore(false));
  }, [load, loadingMore]);
  return { loadingMore, loadMoreError, loadMore };
}
