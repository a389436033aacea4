import { APP_SHELL_URL, offlinePageUrl } from '../lib/pwa/offline-pages';

/*
 * Member pages without signal. The pages of the static export are the same for every member (their data comes from
 * the API), so the service worker answers them from the precache next.config.mjs fills at build time, versioned with
 * the build: any tab and any reload open at once, with or without signal, and the page then asks the API as usual.
 * Workbox's own precache route cannot do it alone: a dynamic route's real value (/projetos/42) must be answered by
 * its placeholder page, the client router's RSC requests carry a `_rsc` parameter, and a navigation nothing answers
 * must get the app rather than the browser's error page.
 */

interface FetchEventLike extends Event {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface WorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

const worker = self as unknown as WorkerScope;

/** Workbox's precache (workbox-core's cache names: prefix, "precache-v2", the registration's scope). */
const precacheName = () => `workbox-precache-v2-${worker.registration.scope}`;

async function fromPrecache(url: string): Promise<Response | undefined> {
  const cache = await caches.open(precacheName());
  // Workbox keys each entry with its revision in the query string.
  return cache.match(new URL(url, worker.location.origin).href, { ignoreSearch: true });
}

async function answer(request: Request, page: string | null): Promise<Response> {
  const cached = page === null ? undefined : await fromPrecache(page);
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch (error) {
    const shell = request.mode === 'navigate' ? await fromPrecache(APP_SHELL_URL) : undefined;
    if (shell) return shell;
    throw error;
  }
}

/** Answers member pages from the precache; called once by worker/index.ts. */
export function registerOfflineShell(): void {
  worker.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== worker.location.origin) return;
    const navigate = request.mode === 'navigate';
    const page = offlinePageUrl(url.pathname, navigate ? 'html' : 'rsc');
    if (page === null && !navigate) return;
    // Ours alone: Workbox's routes (registered after this file is imported) would fetch the same request again.
    event.stopImmediatePropagation();
    event.respondWith(answer(request, page));
  });
}
