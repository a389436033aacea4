'use client';
import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { whenIdle } from '@/lib/browser/when-idle';

/**
 * When the app opens with a member logged in, this device's push subscription is refreshed on the API
 * (lib/pwa/push-subscription.ts): its code loads only once the page is idle, and a failure is only logged.
 */
export function PushSubscriptionSync() {
  const client = useApolloClient();
  useEffect(
    () =>
      whenIdle(() => {
        import('@/lib/pwa/push-subscription')
          .then(({ syncOnAppOpen }) => syncOnAppOpen(client))
          .catch((error: unknown) => console.warn('Falha ao carregar as notificações deste aparelho', error));
      }),
    [client],
  );
  return null;
}
