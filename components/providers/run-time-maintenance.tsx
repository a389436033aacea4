'use client';
import { useCallback, useEffect, useState } from 'react';
import { MaintenanceScreen } from '@/components/layout/maintenance-screen';
import { tabApolloClient } from '@/lib/apollo/tab-client';
import { config } from '@/lib/config';
import { MAINTENANCE_PROBE_INTERVAL_MS, probeMaintenance } from '@/lib/network/maintenance-probe';

/**
 * The maintenance screen while the API answers 503 MAINTENANCE (loaded only then): the club is asked again every few
 * seconds and on "Tentar de novo". When the maintenance ends this goes away, and what failed on the page underneath
 * (the lists, the member) is asked again.
 */
export function RunTimeMaintenance() {
  const [checking, setChecking] = useState(false);
  const [asked, setAsked] = useState(false);

  const check = useCallback(() => {
    setChecking(true);
    void probeMaintenance(config.graphqlUrl).finally(() => {
      setChecking(false);
      setAsked(true);
    });
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => void probeMaintenance(config.graphqlUrl), MAINTENANCE_PROBE_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      // The member's pages have an Apollo client (above this screen, the gate cannot reach it through context).
      void tabApolloClient()
        ?.refetchQueries({ include: 'active' })
        .catch(() => undefined);
    };
  }, []);

  return <MaintenanceScreen retry={{ onRetry: check, checking, stillDown: asked }} />;
}
