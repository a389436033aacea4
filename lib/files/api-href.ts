import { config } from '../config';

/**
 * Files the API serves (invoice files, project photos) come as paths relative to the API's own address, which may
 * be another host than the site's (NEXT_PUBLIC_GRAPHQL_URL); resolved here so every link and image points at the API.
 * The API's routes the app calls by path (common/api-paths.ts) resolve the same way.
 */
export function apiHref(url: string): string {
  // Prerendering has no window; every caller renders API data, which only exists in the browser.
  if (typeof window === 'undefined') return url;
  return new URL(url, new URL(config.graphqlUrl, window.location.href)).toString();
}
