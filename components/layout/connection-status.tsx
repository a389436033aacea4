'use client';
import { useEffect } from 'react';
import { PROBE_INTERVAL_MS, probeClub } from '@/lib/network/reachability';
import { useOffline } from '@/lib/network/use-offline';

/**
 * Says so when the phone loses its connection, which in a workshop happens often: what is on screen stays usable,
 * but a send would fail. Offline is what the browser says or, since a weak signal keeps the bars up while nothing
 * gets through, a request to the club that failed. The live region is always in the page so screen readers hear
 * the change.
 */
export function ConnectionStatus() {
  const offline = useOffline();

  // While the club does not answer, ask again now and then (and as soon as the browser says it is back): the page
  // learns the signal returned without the member having to tap anything.
  useEffect(() => {
    if (!offline) return;
    const probe = () => void probeClub();
    const timer = window.setInterval(probe, PROBE_INTERVAL_MS);
    window.addEventListener('online', probe);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', probe);
    };
  }, [offline]);

  // aria-live rather than role="status": the pages keep their own status messages, and this one must not be
  // mistaken for them.
  return (
    <div aria-live="polite" data-testid="connection-status" className={offline ? 'connection-status' : undefined}>
      {offline ? (
        <p>
          <strong>Você está sem conexão.</strong> O que já abriu continua aqui; para enviar notas e formulários, espere
          a conexão voltar.
        </p>
      ) : null}
    </div>
  );
}
