'use client';
import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { useUnreadCount } from '@/lib/notifications/use-unread-count';

/**
 * What the notifications do on every private page once it is idle, kept out of its first load: the bell's count
 * (its query and listeners), and this device's push subscription refreshed on the API (lib/pwa/push-subscription.ts,
 * a failure only logged).
 */
export default function NotificationsWhenIdle({ onCount }: { onCount: (unread: number | null) => void }) {
  const unread = useUnreadCount();
  useEffect(() => onCount(unread), [unread, onCount]);

  const client = useApolloClient();
  useEffect(() => {
    import('@/lib/pwa/push-subscription')
      .then(({ syncOnAppOpen }) => syncOnAppOpen(client))
      .catch((error: unknown) => console.warn('Falha ao carregar as notificações deste aparelho', error));
  }, [client]);
  return null;
}
