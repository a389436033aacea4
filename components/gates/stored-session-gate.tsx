'use client';
import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { routes } from '@/common/routes';
import { useCurrentUserQuery } from '@/lib/session/use-current-user-query';
import { AppShell } from '../layout/app-shell';
import { PageSkeleton } from '../layout/page-skeleton';
import { PublicShell } from '../layout/public-shell';
import { ApolloProvider } from '../providers/apollo-provider';

/**
 * A public page opened with a stored session: a member whose `me` answers is sent home
 * (docs/product.md#41-login-state-and-gates).
 */
function StoredSessionCheck({ children }: { children: ReactNode }) {
  const state = useCurrentUserQuery();
  const router = useRouter();
  const loggedIn = state.status === 'authenticated';

  useEffect(() => {
    if (loggedIn) router.replace(routes.home());
  }, [loggedIn, router]);

  if (state.status === 'loading' || loggedIn) {
    // On the way home (just logged in here, or back with a session): home's frame, tab bar and placeholders at once,
    // as home itself shows them while its data travels, instead of a blank page with a spinner.
    return (
      <AppShell>
        <PageSkeleton />
      </AppShell>
    );
  }
  return <PublicShell>{children}</PublicShell>;
}

/** Loaded by the public gate only when a session is stored: it brings Apollo, which the member's pages need next. */
export function StoredSessionGate({ children }: { children: ReactNode }) {
  return (
    <ApolloProvider>
      <StoredSessionCheck>{children}</StoredSessionCheck>
    </ApolloProvider>
  );
}
