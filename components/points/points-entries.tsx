'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate } from '@/common/format/dates';
import { formatSignedPoints } from '@/common/format/numbers';
import type { PointsEntryKind } from '@/lib/graphql/generated/graphql';
import { QPointsEntries } from '@/lib/points/operations';
import { routes } from '@/common/routes';
import { useDeviceCopy } from '@/lib/session/use-device-copy';
import { DeviceCopy } from '../ui/device-copy';
import { appendPage } from '@/lib/apollo/append-page';
import { ListStatus, OlderItemsButton } from '../ui/list-states';
import { useLoadMore } from '../ui/use-load-more';

const PAGE = 20;

const TYPE_FILTERS: Record<string, { label: string; kinds: PointsEntryKind[] | null }> = {
  all: { label: 'Todos', kinds: null },
  credits: { label: 'Créditos e bônus', kinds: ['CREDIT', 'BONUS'] },
  expiry: { label: 'Pontos expirados', kinds: ['EXPIRY'] },
  rewards: { label: 'Resgates e estornos', kinds: ['REDEMPTION', 'REFUND'] },
  adjustment: { label: 'Ajustes', kinds: ['ADJUSTMENT'] },
};

const KIND_LABELS: Record<PointsEntryKind, string> = {
  CREDIT: 'Crédito',
  BONUS: 'Bônus de campanha',
  EXPIRY: 'Expiração',
  ADJUSTMENT: 'Ajuste',
  REDEMPTION: 'Resgate',
  REFUND: 'Estorno',
};

export function PointsEntries() {
  const ids = { from: useId(), to: useId(), type: useId() };
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [type, setType] = useState('all');
  const rangeError = from && to && from > to ? 'A data inicial deve ser antes da final.' : null;
  const variables = {
    first: PAGE,
    from: from || null,
    to: to || null,
    kinds: TYPE_FILTERS[type]?.kinds ?? null,
  };
  const { data, loading, error, fetchMore } = useQuery(QPointsEntries, {
    variables,
    skip: !!rangeError,
    fetchPolicy: 'cache-and-network',
  });
  // Only the unfiltered first entries are kept on the device: the extract as it opens.
  const unfiltered = !from && !to && type === 'all';
  const copy = useDeviceCopy('pointsEntries', data?.pointsEntries, unfiltered);
  const page = copy.value;

  const cursor = page?.nextCursor;
  const { loadingMore, loadMoreError, loadMore } = useLoadMore(
    cursor
      ? () =>
          fetchMore({
            variables: { ...variables, after: cursor },
            updateQuery: (shown, { fetchMoreResult }) => ({
              pointsEntries: appendPage(shown.pointsEntries, fetchMoreResult.pointsEntries),
            }),
          })
      : null,
  );

  return (
    <section className="card" aria-labelledby="entries-title">
      <h2 id="entries-title">Lançamentos</h2>
      <form className="entries-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filtrar lançamentos">
        <div className="field">
          <label className="field__label" htmlFor={ids.from}>
            De
          </label>
          <input
            id={ids.from}
            className="field__input"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.to}>
            Até
          </label>
          <input
            id={ids.to}
            className="field__input"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${ids.to}-error` : undefined}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.type}>
            Tipo
          </label>
          <select id={ids.type} className="field__input" value={type} onChange={(e) => setType(e.target.value)}>
            {Object.entries(TYPE_FILTERS).map(([value, f]) => (
              <option key={value} value={value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        {rangeError && (
          <p className="field__error entries-filters__error" id={`${ids.to}-error`} role="alert">
            {rangeError}
          </p>
        )}
      </form>

      <DeviceCopy shown={copy.fromDevice} savedAt={copy.savedAt} />
      <ListStatus
        error={error && !page ? errorMessage(error) : null}
        loading={loading && !page}
        empty={page?.data.length === 0}
        loadingLabel="Carregando lançamentos"
        emptyText="Nenhum lançamento neste período."
      />
      {page && page.data.length > 0 && (
        <ul className="entries">
          {page.data.map((entry) => (
            <li key={entry.id} className="entries__item">
              <div className="entries__main">
                <span className="entries__description">{entry.description}</span>
                <span className="muted">
                  <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time> ·{' '}
                  {entry.transferId && entry.kind === 'REDEMPTION' ? 'Transferência' : KIND_LABELS[entry.kind]}
                  {entry.expiresAt && entry.points > 0 && (
                    <>
                      {' · '}
                      {Date.parse(entry.expiresAt) > Date.now() ? 'vence em ' : 'venceu em '}
                      <time dateTime={entry.expiresAt}>{formatDate(entry.expiresAt)}</time>
                    </>
                  )}
                  {entry.invoiceId && (
                    <>
                      {' · '}
                      <Link href={`${routes.invoices()}#nf-${entry.invoiceId}`}>Ver nota</Link>
                    </>
                  )}
                  {entry.orderId && (
                    <>
                      {' · '}
                      <Link href={`${routes.rewardOrders()}#order-${entry.orderId}`}>Pedido nº {entry.orderId}</Link>
                    </>
                  )}
                  {entry.transferId && (
                    <>
                      {' · '}
                      <Link href={routes.rewardTransfer()}>Transferência nº {entry.transferId}</Link>
                    </>
                  )}
                </span>
              </div>
              <span
                className={`entries__points ${entry.points < 0 ? 'entries__points--debit' : 'entries__points--credit'}`}
              >
                {formatSignedPoints(entry.points)}
                <span className="visually-hidden"> pontos</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {page?.hasMore && (
        <OlderItemsButton loading={loadingMore} error={loadMoreError} onClick={loadMore}>
          Ver lançamentos anteriores
        </OlderItemsButton>
      )}
    </section>
  );
}
