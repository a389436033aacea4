'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RewardOrderFieldsFragment, RewardOrderStatus } from '@/lib/graphql/generated/graphql';
import { appendPage } from '@/lib/apollo/append-page';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate, formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { CODE_ORDER_STEPS, givesCode, IN_REVIEW_TEXT, ORDER_STATUS_LABELS, ORDER_STEPS } from '@/common/rewards/labels';
import { MCancelRewardOrder, QRewardOrders } from '@/lib/rewards/operations';
import { evictAfterPointsMoved, pointsMoved } from '@/lib/points/points-moved';
import { routes } from '@/common/routes';
import { useOffline } from '@/lib/network/use-offline';
import { useDeviceCopy } from '@/lib/session/use-device-copy';
import { DeviceCopy } from '../ui/device-copy';
import { ListStatus, OlderItemsButton } from '../ui/list-states';
import { useLoadMore } from '../ui/use-load-more';

export const ORDERS_PAGE_SIZE = 10;

type Order = RewardOrderFieldsFragment;

const BADGE: Record<RewardOrderStatus, string> = {
  REQUESTED: 'received',
  IN_REVIEW: 'in_review',
  SEPARATING: 'in_review',
  SHIPPED: 'in_review',
  DELIVERED: 'approved',
  CANCELLED: 'rejected',
};

function OrderBadge({ status }: { status: RewardOrderStatus }) {
  return (
    <span className={`status-badge status-badge--${BADGE[status]}`}>
      <span className="visually-hidden">Situação: </span>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * What a step adds under its name: the carrier and code when shipped (with the carrier's tracking page when it has
 * one), the reason and refund when cancelled.
 */
function stepNote(order: Order, status: RewardOrderStatus, note: string | null | undefined): ReactNode {
  if (status === 'SHIPPED' && order.trackingCode) {
    const shipment = `${order.carrier ?? 'Transportadora'} · código de rastreio ${order.trackingCode}`;
    if (!order.trackingUrl) return shipment;
    return (
      <>
        {shipment} ·{' '}
        <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
          Acompanhar a entrega<span className="visually-hidden"> no site da transportadora (abre em nova aba)</span>
        </a>
      </>
    );
  }
  if (status === 'CANCELLED') {
    const reason = order.cancelReason ?? note;
    const refund =
      order.refundedPoints > 0 ? `${formatPoints(order.refundedPoints)} pontos devolvidos ao seu saldo` : null;
    return [reason && `Motivo: ${reason}`, refund].filter(Boolean).join(' · ') || null;
  }
  return note ?? null;
}

/** The steps already taken with their dates, then (unless cancelled) the ones still to come, greyed. */
function OrderTimeline({ order }: { order: Order }) {
  const reached = new Map(order.events.map((event) => [event.status, event]));
  const steps: RewardOrderStatus[] =
    order.status === 'CANCELLED'
      ? order.events.map((event) => event.status)
      : [...(givesCode(order.reward.type) ? CODE_ORDER_STEPS : ORDER_STEPS)];
  return (
    <ol className="timeline reward-timeline">
      {steps.map((status, index) => {
        const event = reached.get(status);
        const note = event ? stepNote(order, status, event.note) : null;
        return (
          <li
            key={`${status}-${index}`}
            className={`timeline__item timeline__item--${status.toLowerCase()}${event ? '' : ' timeline__item--todo'}`}
          >
            <span className="timeline__status">{ORDER_STATUS_LABELS[status]}</span>{' '}
            {event ? (
              <time dateTime={event.at} className="muted">
                {formatDateTime(event.at)}
              </time>
            ) : (
              <span className="visually-hidden">(ainda não)</span>
            )}
            {note && <span className="timeline__note">{note}</span>}
          </li>
        );
      })}
    </ol>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const client = useApolloClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await client.mutate({
        mutation: MCancelRewardOrder,
        variables: { id: order.id },
        // The order updates itself in the cache; the balance and the catalogue's stock are read again when shown.
        update: (cache) => evictAfterPointsMoved(cache),
      });
      void pointsMoved(client);
    } catch (caught) {
      setFailure(errorMessage(caught as Error));
      setBusy(false);
    }
  };

  if (!asking) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
        Cancelar
      </button>
    );
  }
  return (
    <div className="reward-order__cancel" role="group" aria-label={`Cancelar o pedido nº ${order.id}`}>
      <p>Cancelar este resgate? Os {formatPoints(order.points)} pontos voltam para o seu saldo.</p>
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      <div className="reward-confirm__actions">
        <button type="button" className="button button--danger" onClick={() => void cancel()} disabled={busy}>
          {busy ? 'Cancelando…' : 'Sim, cancelar'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking(false)} disabled={busy}>
          Não
        </button>
      </div>
    </div>
  );
}

/** The code stays hidden until the member asks for it: it is as good as money to whoever reads the screen. */
function OrderCode({ order, code }: { order: Order; code: NonNullable<Order['code']> }) {
  const [shown, setShown] = useState(false);
  const panelId = `order-code-${order.id}`;
  return (
    <div className="reward-code">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setShown((now) => !now)}
      >
        {shown ? 'Ocultar código' : 'Mostrar código'}
      </button>
      <div id={panelId} hidden={!shown}>
        {shown && (
          <>
            <p className="reward-code__value">
              <span className="visually-hidden">Código: </span>
              <strong translate="no">{code.value}</strong>
            </p>
            <CopyCode value={code.value} />
            <p>
              Válido até <time dateTime={code.validUntil}>{formatDate(`${code.validUntil}T12:00:00.000Z`)}</time>.
            </p>
            <p className="muted">{order.reward.delivery}</p>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * "Copiar código", for a store's site or app that asks for it: works without signal too (the code is on the device).
 * A browser that refuses the clipboard says so, and the code stays on screen to be typed.
 */
function CopyCode({ value }: { value: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Código copiado.');
    } catch {
      setSaid('Não foi possível copiar: digite o código mostrado acima.');
    }
  };
  return (
    <p className="reward-code__copy">
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        Copiar código
      </button>{' '}
      <span role="status">{said}</span>
    </p>
  );
}

/** The anchor a notice about one order opens (`/meus-resgates#pedido-12`). */
export const orderAnchor = (id: string) => `pedido-${id}`;

/**
 * A notice about one order opens the list at that order, focused, with its tracking link in view: once, when the
 * order is on screen (it may come with the list a moment after the page).
 */
function useOpenNamedOrder(shown: boolean): void {
  const opened = useRef(false);
  useEffect(() => {
    if (!shown || opened.current) return;
    const id = window.location.hash.slice(1);
    if (!id.startsWith('pedido-')) return;
    const order = document.getElementById(id);
    if (!order) return;
    opened.current = true;
    order.scrollIntoView({ block: 'start' });
    order.focus({ preventScroll: true });
  }, [shown]);
}

function OrderCard({ order, fromDevice }: { order: Order; fromDevice: boolean }) {
  return (
    <article className="reward-order" id={orderAnchor(order.id)} tabIndex={-1} aria-labelledby={`order-${order.id}`}>
      <header className="reward-order__header">
        <h2 id={`order-${order.id}`}>{order.reward.name}</h2>
        <OrderBadge status={order.status} />
      </header>
      <p className="muted">
        Pedido nº {order.id} · {formatPoints(order.points)} pontos · solicitado em{' '}
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </p>
      {order.status === 'IN_REVIEW' && <p className="alert alert--info">{IN_REVIEW_TEXT}</p>}
      <OrderTimeline order={order} />
      {order.code && <OrderCode order={order} code={order.code} />}
      {/* The device's copy is for reading: cancelling needs the club, and its answer may have moved the order. */}
      {!fromDevice && (order.status === 'REQUESTED' || order.status === 'IN_REVIEW') && <CancelOrder order={order} />}
    </article>
  );
}

export function RewardOrdersScreen() {
  const { data, loading, error, fetchMore } = useQuery(QRewardOrders, {
    variables: { first: ORDERS_PAGE_SIZE },
    // An order made a moment ago, or moved by the club, must show up when the member comes back here.
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  // The member's orders and codes kept on this device (their own, gone at logout): a voucher's code must open at a
  // store's counter with no signal. Shown only when the club cannot answer, so with signal the list is drawn once and
  // a notice's order keeps the focus and the scroll it gets.
  const offline = useOffline();
  const copy = useDeviceCopy('myRewardOrders', data?.myRewardOrders, true, !loading, offline || Boolean(error));
  const page = copy.value;
  useOpenNamedOrder(Boolean(page && page.data.length > 0));
  const cursor = page?.hasMore ? page.nextCursor : null;
  const { loadingMore, loadMoreError, loadMore } = useLoadMore(
    cursor
      ? () =>
          fetchMore({
            variables: { first: ORDERS_PAGE_SIZE, after: cursor },
            updateQuery: (shown, { fetchMoreResult }) => ({
              myRewardOrders: appendPage(shown.myRewardOrders, fetchMoreResult.myRewardOrders),
            }),
          })
      : null,
  );

  return (
    <section className="card projects-screen" aria-labelledby="page-title">
      <header className="projects-screen__header">
        <h1 id="page-title">Meus resgates</h1>
        <Link className="button button--secondary" href={routes.rewards()}>
          Ver prêmios
        </Link>
      </header>
      <DeviceCopy shown={copy.fromDevice} savedAt={copy.savedAt} />
      <ListStatus
        error={error && !page ? errorMessage(error) : null}
        loading={loading && !page}
        empty={false}
        loadingLabel="Carregando seus resgates"
        emptyText=""
      />
      {page && page.data.length === 0 && (
        <div className="projects-empty">
          <p>Você ainda não trocou pontos por prêmios. Veja o que seus pontos já podem virar.</p>
          <Link className="button button--primary" href={routes.rewards()}>
            Escolher um prêmio
          </Link>
        </div>
      )}
      {page && page.data.length > 0 && (
        <>
          <ul className="reward-orders" aria-label="Resgates, do mais novo ao mais antigo">
            {page.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} fromDevice={copy.fromDevice} />
              </li>
            ))}
          </ul>
          {cursor && !copy.fromDevice && (
            <div className="projects-screen__more">
              <OlderItemsButton loading={loadingMore} error={loadMoreError} onClick={loadMore}>
                Carregar mais
              </OlderItemsButton>
            </div>
          )}
        </>
      )}
    </section>
  );
}
