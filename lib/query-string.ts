/** Parses a URL query string into a plain record; an empty string (or a lone "?") means no parameters. */
export function parseQueryString(search: string): Record<string, string> {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw === '') return {};
  return Object.fromEntries(new URLSearchParams(raw).entries());
}
