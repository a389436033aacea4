import { exportPathOf, matchRoute, type RouteDef } from '../../common/routes';

/**
 * Which precached page answers a request the service worker sees, so a member without signal gets the app instead
 * of the browser's error page. Pure, so the worker (worker/offline-shell.ts) and its tests share it.
 */

/** Home inside the app shell: what a navigation gets when neither the precache nor the network answers it. */
export const APP_SHELL_URL = '/';

/** The client router of a static export asks for a page's RSC payload as `<path>.txt` (`/index.txt` for home). */
const RSC_SUFFIX = '.txt';

/** A member's pages; the drafts are previews for the club's team, the painel and the public pages stay online. */
export const isOfflinePage = (route: RouteDef): boolean =>
  route.access === 'private' && !route.pattern.startsWith('/rascunho/');

/** The URL a route's exported page is served at (a dynamic route's placeholder page), as HTML or RSC payload. */
export function exportedPageUrl(pattern: string, kind: 'html' | 'rsc'): string {
  const page = exportPathOf(pattern);
  if (kind === 'html') return page;
  return page === '/' ? `/index${RSC_SUFFIX}` : `${page}${RSC_SUFFIX}`;
}

/**
 * The precached URL for a request path: a navigation gets its page's HTML, a `.txt` request its RSC payload, any
 * real value of a dynamic segment the placeholder's. Null when the path is no member page.
 */
export function offlinePageUrl(pathname: string, kind: 'html' | 'rsc'): string | null {
  let path = pathname;
  if (kind === 'rsc') {
    if (!path.endsWith(RSC_SUFFIX)) return null;
    path = path.slice(0, -RSC_SUFFIX.length);
    if (path === '/index') path = '/';
  }
  const match = matchRoute(path);
  if (!match || !isOfflinePage(match.route)) return null;
  return exportedPageUrl(match.route.pattern, kind);
}
