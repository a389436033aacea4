'use client';
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useUnreadCount } from '@/lib/notifications/use-unread-count';
import { followOtherTabs, noticeArrived } from '@/lib/points/points-moved';

/**
 * What the notifications do on every private page once it is idle, kept out of its first load: the bell's count
 * (its query and listeners), and this device's push subscription refreshed on the API (lib/pwa/push-subscription.ts,
 * a failure only logged). A count that rises is a notice arriving: what it may be about is read again on the screen
 * open now, and the member's other tabs follow points moved in this one (lib/points/points-moved.ts).
 */
export default function NotificationsWhenIdle({ onCount }: { onCount: (unread: number | null) => void }) {
  const unread = useUnreadCount();
  const client = useApolloClient();
  const known = useRef<number | null>(null);
  useEffect(() => {
    onCount(unread);
    if (unread !== null && known.current !== null && unread > known.current) void noticeArrived(client);
    known.current = unread;
  }, [unread, onCount, client]);
  useEffect(() => followOtherTabs(client), [client]);

  useEffect(() => {
    import('@/lib/pwa/push-subscription')
      .then(({ syncOnAppOpen }) => syncOnAppOpen(client))
      .catch((error: unknown) => console.warn('Falha ao carregar as notificações deste aparelho', error));
  }, [client]);
  return null;
}
