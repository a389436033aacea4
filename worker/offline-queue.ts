import { syncWaitingInvoices } from '../lib/offline-queue/worker-sync';
import { openQueueStore, QUEUE_CHANNEL, QUEUE_SYNC_TAG } from '../lib/offline-queue/store';

/*
 * Invoices that waited for signal, sent by the service worker when Chromium's Background Sync says the connection is
 * back, even with the app closed. Safari has no Background Sync: there the page sends them (lib/offline-queue).
 */

interface SyncEvent extends Event {
  readonly tag: string;
  readonly lastChance: boolean;
  waitUntil(promise: Promise<unknown>): void;
}

async function onSync(event: SyncEvent): Promise<void> {
  const store = await openQueueStore();
  try {
    const result = await syncWaitingInvoices(store);
    if (result && result.sent + result.refused > 0) {
      const channel = new BroadcastChannel(QUEUE_CHANNEL);
      channel.postMessage('changed');
      channel.close();
    }
    // Still no answer: a rejected sync is tried again by the browser later (a few times, with a growing wait).
    if (result && result.left > 0 && !result.unauthenticated && !event.lastChance) {
      throw new Error('O clube não respondeu; nova tentativa mais tarde.');
    }
  } finally {
    store.close();
  }
}

/** Answers the Background Sync of the waiting invoices. */
export function listenForQueueSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === QUEUE_SYNC_TAG) sync.waitUntil(onSync(sync));
  });
}
