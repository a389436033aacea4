import type { ApolloClient } from '@apollo/client';
import { onDeviceSessionEnded } from '../device-session/session-id';
import { isClubUnreachable, subscribeReachability } from '../network/reachability';
import { forgetQueueSession } from '../offline-queue/page-queue';
import { useSessionStore } from '../session/store';
import { sendWaitingNow } from './send-waiting-invoices';

let started = false;

/**
 * Sends what waits by itself: once now (the app opened), whenever the club answers again (the reachability probe of
 * the connection notice, the browser's `online`), and keeps the service worker's copy of the access token current
 * while something waits. The path Safari has, without Background Sync. Started once, for the life of the page (the
 * member is read at each send, so a logout and another login on the same page change whose invoices go).
 */
export function startQueueSender(client: ApolloClient): void {
  if (started) return;
  started = true;
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
  subscribeReachability(onReachability);
  window.addEventListener('online', onOnline);
  // A new token (the app refreshed an expired one, the member logged in again) is another chance to send, and
  // replaces the worker's copy; a session that ends (logout, refused refresh) takes that copy away.
  useSessionStore.subscribe((state, previous) => {
    if (state.token && state.token !== previous.token) void flush();
  });
  onDeviceSessionEnded(() => void forgetQueueSession().catch(() => undefined));
  void flush();
}
