/**
 * A list's filters in its address (the painel's lists, the catalogue), so that Back, a reload or a shared link find
 * the list as it was left. Only
 * the filter's own names are read, each cut to a field's length, and empty ones are left out of the address.
 */
const VALUE_MAX = 200;

/** The filter the address names: `empty`'s names only, the others ignored. */
export function filterFromSearch<TFilter extends Record<string, string>>(empty: TFilter, search: string): TFilter {
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = { ...empty };
  for (const name of Object.keys(empty)) {
    const value = params.get(name);
    if (value !== null) filter[name] = value.slice(0, VALUE_MAX);
  }
  return filter as TFilter;
}

/** The filter's non-empty values as an address's query (`?status=received&search=ana`), or '' with none. */
export function searchOfFilter(filter: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value.trim() !== '') params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}
