'use client';
import { usePathname } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { whenLoadedAndIdle } from '@/lib/browser/when-idle';
import { startDeviceSession } from '@/lib/device-session/start';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker';
import { hydrateSession } from '@/lib/session/store';
import { MaintenanceGate } from './maintenance-gate';

const isPainelPath = (pathname: string) => pathname === '/painel' || pathname.startsWith('/painel/');

/** Every page change starts at the top (docs/product.md#21-navigation-loading-and-modals). */
function ScrollToTop() {
  const pathname = usePathname();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Client-only wiring of the app: session hydration, the service worker, scroll restoration, the device session (a
 * tiny loader here; its handshake and collectors load lazily once the page is idle) and maintenance mode. Apollo is
 * not here: the member's pages bring it with their layout, and the pages opened cold send their few operations
 * without it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  // The painel is the staff's: no member device session there (its signals would count staff devices as members').
  useEffect(() => (isPainelPath(window.location.pathname) ? undefined : startDeviceSession()), []);
  // The stored session in a task of its own, after the effects of the hydration's commit: reading it renders the
  // gates again at once (a store's change is urgent) and starts `me`, and inside that commit's effects the three made
  // one task of about 130 ms on a 4× slowed phone (bench/trace-tasks.ts).
  useEffect(() => {
    const task = setTimeout(() => void hydrateSession(), 0);
    return () => clearTimeout(task);
  }, []);
  // The worker's install fetches and precaches files and the permission prompt takes the screen: neither is needed
  // for the first tap, so they wait for the load to end and an idle moment (on a 3G first visit they competed with
  // the page's own scripts).
  useEffect(
    () =>
      whenLoadedAndIdle(
        () =>
          void registerServiceWorker({
            serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
            notification: 'Notification' in window ? window.Notification : undefined,
          }),
      ),
    [],
  );
  return (
    <>
      <ScrollToTop />
      <MaintenanceGate>{children}</MaintenanceGate>
    </>
  );
}
