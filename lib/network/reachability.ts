import { API_PATHS } from '@/common/api-paths';
import { config } from '../config';

/**
 * Whether the club answered the last request. `navigator.onLine` alone is not enough: on a weak signal the phone
 * shows bars while nothing gets through, and a page opened from the service worker without signal may be told it is
 * online. So every request to the API reports here, and the connection notice reads both.
 */
type Listener = () => void;

let unreachable = false;
const listeners = new Set<Listener>();

/** Records the outcome of one request: any HTTP answer means the club is reachable, a failed fetch that it is not. */
export function reportReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  for (const listener of listeners) listener();
}

export function isClubUnreachable(): boolean {
  return unreachable;
}

export function subscribeReachability(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isAbort = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

/** Wraps fetch so each request reports whether the club answered; a request the page cancelled says nothing. */
export function trackReachability(fetchImpl: typeof fetch): typeof fetch {
  return async (...args) => {
    try {
      const response = await fetchImpl(...args);
      reportReachable(true);
      return response;
    } catch (error) {
      if (!isAbort(error)) reportReachable(false);
      throw error;
    }
  };
}

/** The API's liveness route, on the API's own host (NEXT_PUBLIC_GRAPHQL_URL may name another one than the site's). */
export function healthUrl(graphqlUrl: string = config.graphqlUrl): string {
  const base = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  return new URL(API_PATHS.health, new URL(graphqlUrl, base)).toString();
}

/**
 * Asks the club whether it answers, with the smallest request it has: `GET /healthz`, which the API answers without
 * the database and nginx passes on. Used while the club is unreachable, because no `online` event comes when a weak
 * signal gets better. A plain GET of the GraphQL address, without the header the CSRF check asks for, was refused
 * each time and logged as a blocked request.
 */
export async function probeClub(
  url: string = healthUrl(),
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  try {
    await trackReachability(fetchImpl)(url, { method: 'GET', cache: 'no-store' });
  } catch {
    // Already reported as unreachable.
  }
}

/** Seconds between two probes while the club is unreachable. */
export const PROBE_INTERVAL_MS = 5_000;
