'use client';
import { useSyncExternalStore } from 'react';
import { isClubUnreachable, subscribeReachability } from './reachability';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribe = subscribeReachability(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribe();
  };
}

/**
 * Offline is what the browser says or, since a weak signal keeps the bars up while nothing gets through, a request
 * to the club that failed.
 */
export const isOffline = (): boolean => !navigator.onLine || isClubUnreachable();

/** Whether the phone is without the club now; the static export renders as online, hydration brings the truth. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
