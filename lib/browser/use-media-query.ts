'use client';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following its changes (a phone turned sideways, a window resized). Null
 * where the browser cannot tell (no `matchMedia`, as in a test's DOM, or a render on the server): the caller renders
 * for every width and lets CSS choose, as it would without this hook.
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : null),
    () => null,
  );
}
