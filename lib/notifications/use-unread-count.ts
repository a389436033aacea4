'use client';
import { useQuery } from '@apollo/client/react';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { isPushReceived } from '../pwa/push-message';
import { QUnreadNotifications } from './operations';

/** A focus right after a visibility change (both fire when a phone comes back to the app) asks once. */
const MIN_REFRESH_GAP_MS = 5000;

/**
 * The member's unread notifications, for the bell on every private page (mounted once the page is idle, never
 * competing with the page's own first queries on a weak signal). Asked again when the member comes back to the app
 * (focus, the tab shown again), when the service worker says a push arrived and on each move to another screen: no
 * polling. Null until known.
 */
export function useUnreadCount(): number | null {
  const { data, refetch } = useQuery(QUnreadNotifications);
  const pathname = usePathname();
  const shownPath = useRef(pathname);

  useEffect(() => {
    // A tap to another screen is when a member expects the club's latest: the operator may have moved since.
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    refetch().catch(() => undefined);
  }, [pathname, refetch]);

  useEffect(() => {
    let last = Date.now();
    const refresh = (force: boolean) => {
      if (!force && Date.now() - last < MIN_REFRESH_GAP_MS) return;
      last = Date.now();
      refetch().catch(() => undefined);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh(false);
    };
    const onFocus = () => refresh(false);
    const onMessage = (event: MessageEvent) => {
      if (isPushReceived(event.data)) refresh(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    worker?.addEventListener('message', onMessage);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
      worker?.removeEventListener('message', onMessage);
    };
  }, [refetch]);

  return data?.notifications.unreadCount ?? null;
}
