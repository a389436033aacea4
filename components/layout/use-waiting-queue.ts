'use client';
import type { ApolloClient } from '@apollo/client';
import { useEffect } from 'react';
import { whenIdle } from '@/lib/browser/when-idle';
import { somethingWaits } from '@/lib/offline-queue/waiting-flag';

/**
 * On a device where something waits for signal, the sender starts once the page has painted: the app opening is one
 * of the moments to send. Elsewhere nothing of the queue is loaded.
 */
export function useWaitingQueue(client: ApolloClient): void {
  useEffect(() => {
    if (!somethingWaits()) return;
    return whenIdle(() => {
      import('@/lib/invoices/send-when-reachable').then(
        (m) => m.startQueueSender(client),
        () => undefined,
      );
    });
  }, [client]);
}
