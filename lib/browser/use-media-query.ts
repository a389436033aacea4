'use client';
import { useCallback, useSyncExternalStore } from 'react';

/** The query's list, or null where the browser cannot tell (no `matchMedia`, as in a test's DOM). */
const listOf = (query: string) => (typeof matchMedia === 'function' ? matchMedia(query) : null);

/**
 * Whether a CSS media query matches now, following its changes (a phone turned sideways, a window resized). Null
 * where the browser cannot tell, or on the server: the caller then renders for every width and lets CSS choose, as it
 * would without this hook.
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => listOf(query)?.matches ?? null, () => null);
}
