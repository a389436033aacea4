'use client';
import { useEffect } from 'react';
import { NETWORK_ERROR_MESSAGE } from '@/lib/apollo/errors';
import { isClubUnreachable, subscribeReachability } from '@/lib/network/reachability';

/**
 * Shown instead of the login screen when a stored session could not be checked (no signal, server down): the
 * member is still logged in, so asking for the password again would be wrong. Tries again by itself as soon as
 * the browser says it is online or the club answers again (the connection notice keeps asking it).
 */
export function UnreachableScreen({ retry }: { retry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', retry);
    const unsubscribe = subscribeReachability(() => {
      if (!isClubUnreachable()) retry();
    });
    return () => {
      window.removeEventListener('online', retry);
      unsubscribe();
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
