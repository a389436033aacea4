'use client';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Says so when the phone loses its connection, which in a workshop happens often: what is on screen stays usable,
 * but a send would fail. The live region is always in the page so screen readers hear the change.
 */
export function ConnectionStatus() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    // The static export renders as online; the browser's real state replaces it on hydration.
    () => true,
  );
  // aria-live rather than role="status": the pages keep their own status messages, and this one must not be
  // mistaken for them.
  return (
    <div aria-live="polite" data-testid="connection-status" className={online ? undefined : 'connection-status'}>
      {online ? null : (
        <p>
          <strong>Você está sem internet.</strong> O que já abriu continua aqui; para enviar notas e formulários, espere
          a conexão voltar.
        </p>
      )}
    </div>
  );
}
