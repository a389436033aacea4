'use client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MaintenanceScreen } from '@/components/layout/maintenance-screen';
import { config } from '@/lib/config';
import {
  isUnderMaintenance,
  MAINTENANCE_PROBE_INTERVAL_MS,
  probeMaintenance,
  subscribeMaintenance,
} from '@/lib/network/maintenance';

/**
 * Maintenance mode on every route (SPEC 1, 4), in the one place they all pass through. A build made with
 * `NEXT_PUBLIC_MAINTENANCE_MODE=true` shows only the maintenance screen. Otherwise, once the API answers that it is
 * under maintenance (a 503, seen by the Apollo links), the screen covers the page, which stays mounted underneath
 * with whatever was typed; the club is asked again every few seconds or on "Tentar de novo", and when it answers the
 * page comes back and its queries run again. The session is never touched.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  if (config.maintenanceMode) return <MaintenanceScreen />;
  return <RunTimeMaintenanceGate>{children}</RunTimeMaintenanceGate>;
}

function RunTimeMaintenanceGate({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const down = useSyncExternalStore(subscribeMaintenance, isUnderMaintenance, () => false);
  const [checking, setChecking] = useState(false);
  const [asked, setAsked] = useState(false);
  const wasDown = useRef(false);

  const check = useCallback(() => {
    setChecking(true);
    void probeMaintenance(config.graphqlUrl).finally(() => {
      setChecking(false);
      setAsked(true);
    });
  }, []);

  useEffect(() => {
    if (!down) {
      // Back from maintenance: what failed on the page underneath (the member, the lists) is asked again.
      if (wasDown.current) void client.refetchQueries({ include: 'active' }).catch(() => undefined);
      wasDown.current = false;
      setAsked(false);
      return;
    }
    wasDown.current = true;
    const timer = window.setInterval(() => void probeMaintenance(config.graphqlUrl), MAINTENANCE_PROBE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [down, client]);

  return (
    <>
      {down ? <MaintenanceScreen retry={{ onRetry: check, checking, stillDown: asked }} /> : null}
      <div className="maintenance-gate" hidden={down}>
        {children}
      </div>
    </>
  );
}
