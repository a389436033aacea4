'use client';
import { useEffect } from 'react';
import { NETWORK_ERROR_MESSAGE } from '@/lib/apollo/errors';
import { isUnderMaintenance, subscribeMaintenance } from '@/lib/network/maintenance';
import { isClubUnreachable, subscribeReachability } from '@/lib/network/reachability';

/**
 * Shown instead of the login screen when a stored session could not be checked (no signal, server down): the
 * member is still logged in, so asking for the password again would be wrong. Tries again by itself as soon as
 * the browser says it is online, the club answers again (the connection notice keeps asking it) or a maintenance
 * ends.
 */
export function UnreachableScreen({ retry }: { retry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', retry);
    const unsubscribe = subscribeReachability(() => {
      if (!isClubUnreachable()) retry();
    });
    // Also when a maintenance ends (this screen waited under the maintenance screen).
    const unsubscribeMaintenance = subscribeMaintenance(() => {
      if (!isUnderMaintenance()) retry();
    });
    return () => {
      window.removeEventListener('online', retry);
      unsubscribe();
      unsubscribeMaintenance();
    };
  }, [retry]);
  return (
    <section className="card card--narrow" aria-labelledby="unreachable-title">
      <h1 id="unreachable-title">Sem conexão com o clube</h1>
      <p>{NETWORK_ERROR_MESSAGE}</p>
      <p className="muted">Você continua conectado à sua conta; nada do que você fez se perdeu.</p>
      <button type="button" className="button button--primary button--block" onClick={retry}>
        Tentar de novo
      </button>
    </section>
  );
}
