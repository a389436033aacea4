import { jwtClaims } from '../session/jwt-claims';
import { drainWaitingInvoices, sendInvoiceRequest, type DrainResult } from './send-waiting';
import type { QueueStore } from './store';

/** Seconds of life a token must have left for a send to be worth starting (an upload on a weak signal is slow). */
const TOKEN_MARGIN_SECONDS = 30;

function tokenUsable(token: string, now: number): boolean {
  try {
    const { exp } = jwtClaims(token);
    return typeof exp === 'number' && exp - TOKEN_MARGIN_SECONDS > now / 1000;
  } catch {
    return false;
  }
}

/**
 * The service worker's send, with the app closed (Background Sync): the waiting invoices of the member whose access
 * token the page left, and only theirs. Without a usable token it sends nothing: the refresh token is the page's
 * alone (it rotates, and a worker refreshing behind the page's back would end the session by reuse), so the page
 * sends when it next opens. A token the club refuses is forgotten. Resolves to null when there was nothing to do.
 */
export async function syncWaitingInvoices(
  store: QueueStore,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  now = Date.now(),
): Promise<DrainResult | null> {
  const session = await store.session();
  if (!session) return null;
  if (!tokenUsable(session.accessToken, now)) return null;
  const result = await drainWaitingInvoices(store, session.member, (invoice) =>
    sendInvoiceRequest(invoice, session, fetchImpl),
  );
  if (result.unauthenticated) await store.clearSession();
  return result;
}
