'use client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { MaintenanceScreen } from '@/components/layout/maintenance-screen';
import { config } from '@/lib/config';
import { MAINTENANCE_PROBE_INTERVAL_MS, probeMaintenance } from '@/lib/network/maintenance-probe';

/**
 * The maintenance screen while the API answers 503 MAINTENANCE (loaded only then): the club is asked again every few
 * seconds and on "Tentar de novo". When the maintenance ends this goes away, and what failed on the page underneath
 * (the lists, the member) is asked again.
 */
export function RunTimeMaintenance() {
  const client = useApolloClient();
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
      void client.refetchQueries({ include: 'active' }).catch(() => undefined);
    };
  }, [client]);

  return <MaintenanceScreen retry={{ onRetry: check, checking, stillDown: asked }} />;
}
