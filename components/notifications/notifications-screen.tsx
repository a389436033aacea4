'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import type { NotificationFieldsFragment } from '@/lib/graphql/generated/graphql';
import { appendPage } from '@/lib/apollo/append-page';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import { MMarkNotificationsRead, QNotifications, QUnreadNotifications } from '@/lib/notifications/operations';
import { isPushReceived, sameOriginPath } from '@/lib/pwa/push-message';
import { routes } from '@/common/routes';
import { ListStatus, OlderItemsButton } from '../ui/list-states';
import { useLoadMore } from '../ui/use-load-more';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * Marks read, on the API, the unread notifications this screen has shown (each page as it arrives), and sets the
 * bell to the count the API answers; the rows keep their "Novo" mark until the member comes back. Only what was
 * shown: an unread one on a page never opened still counts.
 */
function useMarkShownRead(items: readonly NotificationFieldsFragment[] | undefined) {
  const client = useApolloClient();
  const sent = useRef(new Set<string>());
  useEffect(() => {
    const ids = (items ?? []).filter((n) => !n.readAt && !sent.current.has(n.id)).map((n) => n.id);
    if (ids.length === 0) return;
    for (const id of ids) sent.current.add(id);
    client
      .mutate({ mutation: MMarkNotificationsRead, variables: { ids } })
      .then(({ data }) => {
        if (data === undefined) return;
        // The page type's name is there for the cache, which the generated type leaves out.
        const notifications = { __typename: 'NotificationPage' as const, unreadCount: data.markNotificationsRead };
        client.writeQuery({ query: QUnreadNotifications, data: { notifications } });
      })
      .catch(() => {
        // Tried again the next time the screen shows them.
        for (const id of ids) sent.current.delete(id);
      });
  }, [items, client]);
}

function NotificationItem({ notification }: { notification: NotificationFieldsFragment }) {
  const unread = !notification.readAt;
  return (
    <Link
      href={sameOriginPath(notification.url, routes.notifications())}
      className={unread ? 'inbox-item inbox-item--unread' : 'inbox-item'}
    >
      <span className="inbox-item__head">
        <strong className="inbox-item__title">{notification.title}</strong>
        {unread && <span className="inbox-item__new">Novo</span>}
      </span>
      <span className="inbox-item__body">{notification.body}</span>
      <time className="inbox-item__time muted" dateTime={notification.createdAt}>
        {formatDateTime(notification.createdAt)}
      </time>
    </Link>
  );
}

/** /avisos: the member's notifications, newest first, each opening the screen it is about. */
export function NotificationsScreen() {
  const { data, loading, error, fetchMore, refetch } = useQuery(QNotifications, {
    variables: { first: NOTIFICATIONS_PAGE_SIZE },
    // What arrived since the last visit must be there when the member comes back.
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  // A push that arrives while the list is open puts its notice on top (the service worker says so).
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (isPushReceived(event.data)) refetch().catch(() => undefined);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [refetch]);
  const page = data?.notifications;
  useMarkShownRead(page?.data);
  const cursor = page?.hasMore ? page.nextCursor : null;
  const { loadingMore, loadMoreError, loadMore } = useLoadMore(
    cursor
      ? () =>
          fetchMore({
            variables: { first: NOTIFICATIONS_PAGE_SIZE, after: cursor },
            updateQuery: (shown, { fetchMoreResult }) => ({
              notifications: appendPage(shown.notifications, fetchMoreResult.notifications),
            }),
          })
      : null,
  );

  return (
    <section className="card projects-screen" aria-labelledby="page-title">
      <header className="projects-screen__header">
        <h1 id="page-title">Avisos</h1>
        <Link className="button button--secondary" href={routes.notificationSettings()}>
          Preferências
        </Link>
      </header>
      <ListStatus
        error={error && !page ? errorMessage(error) : null}
        loading={loading && !page}
        empty={false}
        loadingLabel="Carregando seus avisos"
        emptyText=""
      />
      {page && page.data.length === 0 && (
        <div className="projects-empty">
          <p>
            <strong>Nenhum aviso por enquanto.</strong>
          </p>
          <p>
            Quando uma nota ou um projeto for analisado, um resgate andar ou seus pontos estiverem perto de vencer, o
            aviso aparece aqui.
          </p>
        </div>
      )}
      {page && page.data.length > 0 && (
        <>
          <ul className="inbox__list" aria-label="Avisos, do mais novo ao mais antigo">
            {page.data.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} />
              </li>
            ))}
          </ul>
          {cursor && (
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
