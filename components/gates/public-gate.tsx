'use client';
import { lazy, Suspense, type ReactNode } from 'react';
import { hasStoredSession, useSessionStore } from '@/lib/session/store';
import { PublicShell } from '../layout/public-shell';
import { Spinner } from '../ui/spinner';

// Apollo and `me` load only for a visitor with a stored session, who is on the way home where they are needed
// anyway; everyone else who opens the login or sign-up page on a weak signal never downloads them.
const StoredSessionGate = lazy(() => import('./stored-session-gate').then((m) => ({ default: m.StoredSessionGate })));

/**
 * Gate of the public pages (docs/product.md#41-login-state-and-gates): a logged-in member is sent home. Until the
 * stored session is read the page itself is shown, so the static HTML already carries the login or sign-up form and a
 * visitor on a weak signal sees it before the JavaScript arrives; only a stored session swaps it for the spinner while
 * `me` answers.
 */
export function PublicGate({ children }: { children: ReactNode }) {
  const hydrated = useSessionStore((s) => s.hydrated);
  const hasSession = useSessionStore(hasStoredSession);
  if (!hydrated || !hasSession) return <PublicShell>{children}</PublicShell>;
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
