'use client';
import { useQuery } from '@apollo/client/react';
import { Suspense } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { QMyInvoices } from '@/lib/invoices/operations';
import { appendPage } from '@/lib/apollo/append-page';
import { useDeviceCopy } from '@/lib/session/use-device-copy';
import { DeviceCopy } from '../ui/device-copy';
import { lazyNow } from '../ui/lazy-now';
import { ListStatus, OlderItemsButton } from '../ui/list-states';
import { Spinner } from '../ui/spinner';
import { useLoadMore } from '../ui/use-load-more';

// The cards (with their timeline and the resend form of a refused invoice) travel beside the list's data instead of
// in the page's first load: the upload form above them is what the member uses first.
const InvoiceCard = lazyNow(() => import('./invoice-card').then((m) => m.InvoiceCard));

const PAGE = 10;

export function InvoiceList() {
  const { data, loading, error, fetchMore } = useQuery(QMyInvoices, {
    variables: { first: PAGE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  const copy = useDeviceCopy('myInvoices', data?.myInvoices);
  const page = copy.value;
  const cursor = page?.nextCursor;
  const { loadingMore, loadMoreError, loadMore } = useLoadMore(
    cursor
      ? () =>
          fetchMore({
            variables: { first: PAGE, after: cursor },
            updateQuery: (shown, { fetchMoreResult }) => ({
              myInvoices: appendPage(shown.myInvoices, fetchMoreResult.myInvoices),
            }),
          })
      : null,
  );

  return (
    <section className="card invoice-list" aria-labelledby="invoice-list-title">
      <h2 id="invoice-list-title">Notas enviadas</h2>
      <DeviceCopy shown={copy.fromDevice} savedAt={copy.savedAt} />
      <ListStatus
        error={error && !page ? errorMessage(error) : null}
        loading={loading && !page}
        empty={page?.data.length === 0}
        loadingLabel="Carregando suas notas"
        emptyText="Você ainda não enviou nenhuma nota fiscal."
      />
      {page && page.data.length > 0 && (
        <Suspense fallback={<Spinner label="Carregando suas notas" />}>
          <ul className="invoice-list__items">
            {page.data.map((invoice) => (
              <li key={invoice.id}>
                <InvoiceCard invoice={invoice} />
              </li>
            ))}
          </ul>
        </Suspense>
      )}
      {page?.hasMore && (
        <OlderItemsButton loading={loadingMore} error={loadMoreError} onClick={loadMore}>
          Ver notas mais antigas
        </OlderItemsButton>
      )}
    </section>
  );
}
