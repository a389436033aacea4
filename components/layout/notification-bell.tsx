'use client';
import { usePathname } from 'next/navigation';
import { lazy, Suspense, useState } from 'react';
import { useIdle } from '@/lib/browser/use-idle';
import { routes } from '@/common/routes';
import { IntentLink } from '../ui/intent-link';

// A chunk that cannot load (no signal, the club restarting) leaves the bell without its count, not the page broken.
const NotificationsWhenIdle = lazy(() => import('./notifications-when-idle').catch(() => ({ default: () => null })));

export function bellLabel(unread: number | null): string {
  if (!unread) return 'Avisos';
  return `Avisos, ${unread} ${unread === 1 ? 'não lido' : 'não lidos'}`;
}

/**
 * The header's bell, opening "Avisos". The link is there at first paint; the unread count, and the refresh of this
 * device's push subscription, load once the page is idle: every private page's first load carries only the link.
 */
export function NotificationBell() {
  const [unread, setUnread] = useState<number | null>(null);
  const idle = useIdle();
  const href = routes.notifications();
  const current = usePathname() === href;
  return (
    <IntentLink
      href={href}
      className="notification-bell"
      aria-label={bellLabel(unread)}
      aria-current={current ? 'page' : undefined}
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />
      </svg>
      {unread ? (
        <span className="notification-bell__count" aria-hidden="true">
          {unread > 9 ? '9+' : unread}
        </span>
      ) : null}
      {idle && (
        <Suspense fallback={null}>
          <NotificationsWhenIdle onCount={setUnread} />
        </Suspense>
      )}
    </IntentLink>
  );
}
