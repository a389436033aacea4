'use client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { QMyInvoices } from '@/lib/invoices/operations';
import { Spinner } from '../ui/spinner';
import { InvoiceCard } from './invoice-card';

const PAGE = 10;

export function InvoiceList() {
  const { data, loading, error, fetchMore } = useQuery(QMyInvoices, {
    variables: { first: PAGE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  const [more, setMore] = useState(false);
  const page = data?.myInvoices;

  async function loadMore() {
    if (!page?.nextCursor) return;
    setMore(true);
    try {
      await fetchMore({
        variables: { first: PAGE, after: page.nextCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          myInvoices: {
            ...fetchMoreResult.myInvoices,
            data: [...previous.myInvoices.data, ...fetchMoreResult.myInvoices.data],
          },
        }),
      });
    } finally {
      setMore(false);
    }
  }

  return (
    <section className="card invoice-list" aria-labelledby="invoice-list-title">
      <h2 id="invoice-list-title">Notas enviadas</h2>
      {error && !page && (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      {loading && !page && <Spinner label="Carregando suas notas" />}
      {page && page.data.length === 0 && <p className="muted">Você ainda não enviou nenhuma nota fiscal.</p>}
      {page && page.data.length > 0 && (
        <ul className="invoice-list__items">
          {page.data.map((invoice) => (
            <li key={invoice.id}>
              <InvoiceCard invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
      {page?.hasMore && (
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => void loadMore()}
          disabled={more}
        >
          {more ? 'Carregando…' : 'Ver notas mais antigas'}
        </button>
      )}
    </section>
  );
}
