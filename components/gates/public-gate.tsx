'use client';
import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { routes } from '@/lib/routes';
import { useCurrentUserQuery } from '@/lib/session/use-current-user-query';
import { PublicShell } from '../layout/public-shell';
import { Spinner } from '../ui/spinner';

/**
 * Gate of the public pages (SPEC 4): a logged-in member is sent home. Until the stored session is read the page
 * itself is shown, so the static HTML already carries the login or sign-up form and a visitor on a weak signal sees
 * it before the JavaScript arrives; only a stored session swaps it for the spinner while `me` answers.
 */
export function PublicGate({ children }: { children: ReactNode }) {
  const state = useCurrentUserQuery();
  const router = useRouter();
  const loggedIn = state.status === 'authenticated';

  useEffect(() => {
    if (loggedIn) router.replace(routes.home());
  }, [loggedIn, router]);

  if (state.status === 'loading' || loggedIn) {
    return (
      <div className="page-loading">
        <Spinner />
      </div>
    );
  }
  return <PublicShell>{children}</PublicShell>;
}
