import type { TypedDocumentString } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import type { ReviewDesk, ReviewedItem } from './use-review-item';

type Doc<TResult> = TypedDocumentString<TResult, { id: string }>;

/**
 * A review desk from its documents: the item's query and field, the take (its field holds the lease) and release
 * mutations, when an item waits, and the page's words.
 */
export function reviewDesk<
  TResult extends Record<F, ReviewedItem & { lease?: TTake[K] | null }>,
  F extends keyof TResult & string,
  TTake extends Record<K, { mine: boolean }>,
  K extends keyof TTake & string,
>(
  [document, field]: [Doc<TResult>, F],
  [take, taken, release]: [Doc<TTake>, K, Doc<unknown>],
  page: Pick<ReviewDesk<TResult, TResult[F], TTake[K]>, 'title' | 'choose' | 'loadingLabel' | 'href' | 'isWaiting'>,
): ReviewDesk<TResult, TResult[F], TTake[K]> {
  return {
    ...page,
    document,
    item: (data) => data[field],
    leaseOf: (item) => item.lease ?? null,
    lease: {
      take: async (id) => (await painelRequest(take, { id }))[taken],
      release: (id, closing) => painelRequest(release, { id }, { keepalive: closing === true }),
    },
  };
}
