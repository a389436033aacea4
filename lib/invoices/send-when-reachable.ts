import type { ApolloClient } from '@apollo/client';
import { onDeviceSessionEnded } from '../device-session/session-id';
import { isClubUnreachable, subscribeReachability } from '../network/reachability';
import { currentMember, forgetQueueSession, mirrorSession, queueStore } from '../offline-queue/page-queue';
import { useSessionStore } from '../session/store';
import { sendWaitingNow } from './send-waiting-invoices';

let stop: (() => void) | null = null;

/**
 * Sends what waits by itself: once now (the app opened), whenever the club answers again (the reachability probe of
 * the connection notice, the browser's `online`), and keeps the service worker's copy of the access token current
 * while something waits. The path Safari has, without Background Sync. Started once per page; returns the stop.
 */
export function startQueueSender(client: ApolloClient): () => void {
  if (stop) return stop;
  let running = false;
  let again = false;

  async function flush(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await sendWaitingNow(client);
      } while (again);
    } catch {
      // The queue cannot be read (IndexedDB refused): nothing to send from here.
    } finally {
      running = false;
    }
  }

  const onReachability = () => {
    if (!isClubUnreachable()) void flush();
  };
  const onOnline = () => void flush();
  const offReachability = subscribeReachability(onReachability);
  window.addEventListener('online', onOnline);
  // A refreshed token replaces the worker's copy; a session that ends (logout, refused refresh) takes it away.
  const offTokens = useSessionStore.subscribe((state, previous) => {
    const member = currentMember();
    if (state.token === previous.token || !member) return;
    void queueStore()
      .then(async (store) => {
        if ((await store.invoices(member)).length > 0) await mirrorSession(store, member);
      })
      .catch(() => undefined);
  });
  const offEnded = onDeviceSessionEnded(() => void forgetQueueSession().catch(() => undefined));
  void flush();

  stop = () => {
    offReachability();
    window.removeEventListener('online', onOnline);
    offTokens();
    offEnded();
    stop = null;
  };
  return stop;
}
