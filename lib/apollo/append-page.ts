/**
 * `fetchMore`'s merge for every list the API pages (`{ data, ... }`): the fetched items go after the ones already
 * shown, and the fetched page's own fields (total, cursor, hasMore) replace the old ones.
 */
export function appendPage<Page extends { data: readonly unknown[] }>(
  shown: Page | null | undefined,
  fetched: Page,
): Page {
  // The spread keeps Page's other fields; only `data` is rebuilt, with items of the same type.
  return { ...fetched, data: [...(shown?.data ?? []), ...fetched.data] } as Page;
}
