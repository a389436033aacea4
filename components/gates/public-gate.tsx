'use client';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { hasStoredSession, useSessionStore } from '@/lib/session/store';
import { PublicShell } from '../layout/public-shell';
import { Spinner } from '../ui/spinner';

// Apollo and `me` load only for a visitor with a stored session, who is on the way home where they are needed
// anyway; everyone else who opens the login or sign-up page on a weak signal never downloads them.
const loadStoredSessionGate = () => import('./stored-session-gate');
const StoredSessionGate = lazy(() => loadStoredSessionGate().then((m) => ({ default: m.StoredSessionGate })));
type Gate = ComponentType<{ children: ReactNode }>;

/**
 * Gate of the public pages (docs/product.md#41-login-state-and-gates): a logged-in member is sent home. Until the
 * stored session is read the page itself is shown, so the static HTML already carries the login or sign-up form and a
 * visitor on a weak signal sees it before the JavaScript arrives; only a stored session swaps it for the spinner while
 * `me` answers.
 */
export function PublicGate({ children }: { children: ReactNode }) {
  const hydrated = useSessionStore((s) => s.hydrated);
  const hasSession = useSessionStore(hasStoredSession);
  // Whether the session was there when the page opened, or came from a login sent here.
  const openedWithSession = useRef<boolean | null>(null);
  if (hydrated && openedWithSession.current === null) openedWithSession.current = hasSession;
  // A login sent here leads home: what paints home's frame travels with the login request, not after its answer.
  // Listening before any form's own effects run, which may send a form the member sent before the scripts came.
  const [loadedGate, setLoadedGate] = useState<Gate | null>(null);
  useLayoutEffect(() => {
    const preload = () =>
      void loadStoredSessionGate().then(
        (m) => setLoadedGate(() => m.StoredSessionGate),
        () => undefined,
      );
    document.addEventListener('submit', preload, { capture: true, once: true });
    return () => document.removeEventListener('submit', preload, { capture: true });
  }, []);
  if (!hydrated || !hasSession) return <PublicShell>{children}</PublicShell>;
  if (openedWithSession.current === false) {
    const LoadedGate = loadedGate;
    // Logged in here: the form stays ("Entrando…") until home's frame can replace it, never a lone spinner.
    return LoadedGate ? <LoadedGate>{children}</LoadedGate> : <PublicShell>{children}</PublicShell>;
  }
  return (
    <Suspense
      fallback={
        <div className="page-loading">
          <Spinner />
        </div>
      }
    >
      <StoredSessionGate>{children}</StoredSessionGate>
    </Suspense>
  );
}
