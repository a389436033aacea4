'use client';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { config } from '@/lib/config';
import { isUnderMaintenance, subscribeMaintenance } from '@/lib/network/maintenance';

// Neither is part of any route's first load: a maintenance build renders the screen into every page's HTML, and at
// run time it loads when the API first says it is under maintenance (the site's files are still served then).
const MaintenanceScreen = lazy(() =>
  import('@/components/layout/maintenance-screen').then((m) => ({ default: m.MaintenanceScreen })),
);
const RunTimeMaintenance = lazy(() =>
  import('./run-time-maintenance').then((m) => ({ default: m.RunTimeMaintenance })),
);

/**
 * Maintenance mode on every route (docs/product.md#14-maintenance-mode), in the one place they all pass through. A
 * build made with `NEXT_PUBLIC_MAINTENANCE_MODE=true` shows only the maintenance screen. Otherwise, once the API
 * answers that it is under maintenance (a 503, seen by the Apollo links), the screen covers the page, which stays
 * mounted underneath with whatever was typed, until the club answers again. The session is never touched.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const down = useSyncExternalStore(subscribeMaintenance, isUnderMaintenance, () => false);
  if (config.maintenanceMode) {
    return (
      <Suspense fallback={null}>
        <MaintenanceScreen />
      </Suspense>
    );
  }
  return (
    <>
      {down ? (
        <Suspense fallback={null}>
          <RunTimeMaintenance />
        </Suspense>
      ) : null}
      <div className="maintenance-gate" hidden={down}>
        {children}
      </div>
    </>
  );
}
