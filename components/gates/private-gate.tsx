'use client';
import { useApolloClient } from '@apollo/client/react';
import { usePathname, useRouter } from 'next/navigation';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import { matchRoute } from '@/common/routes';
import { logout } from '@/lib/session/logout';
import { profileGateTarget } from '@/lib/session/profile-gate';
import { useCurrentUserQuery, type CurrentUser } from '@/lib/session/use-current-user-query';
import { AppShell } from '../layout/app-shell';
import { PageSkeleton } from '../layout/page-skeleton';
import { PublicShell } from '../layout/public-shell';
import { CurrentUserProvider } from '../providers/current-user';
import { Spinner } from '../ui/spinner';
import { UnreachableScreen } from './unreachable-screen';
import { useEmailConfirmation } from './use-email-confirmation';

// The login form (with react-hook-form and the schemas) loads only for a visitor without a session: a member's pages
// never download it.
const LoginScreen = lazy(() => import('../auth/login-screen').then((m) => ({ default: m.LoginScreen })));
// The consent modal (and the profile's documents it brings) only for a member the club asks for consent.
const ConsentModal = lazy(() => import('../profile/consent-modal').then((m) => ({ default: m.ConsentModal })));

// The frame is one element in one place of the tree whatever fills it, so the page replacing its placeholders keeps it
// as it is: a "Mais" opened while the page loaded stayed open (as another element, the frame began again, closed).
const framed = (content: ReactNode, user: CurrentUser | null, menu = true) => (
  <CurrentUserProvider user={user}>
    <AppShell menu={menu}>{content}</AppShell>
  </CurrentUserProvider>
);

/**
 * Gate of every private page (docs/product.md#41-login-state-and-gates): a logged-out visitor sees the login screen at
 * the same URL (so logging in lands on the page asked for), then the profile-completeness gate, then the page.
 */
export function PrivateGate({ children }: { children: ReactNode }) {
  const state = useCurrentUserQuery();
  const pathname = usePathname();
  const router = useRouter();
  const client = useApolloClient();
  const disabled = state.status === 'anonymous' && state.disabled;
  const target =
    state.status === 'authenticated' ? profileGateTarget(state.user.profileStatus, matchRoute(pathname)?.route) : null;
  const redirect = target !== null && target !== pathname ? target : null;
  const confirming = useEmailConfirmation(state.status === 'authenticated');
  // The member's page is rendered in the background, in slices the browser can interleave with a tap, instead of in
  // one piece right after the stored session is read: a returning member's whole page (painted from the device) was
  // one task of over a quarter of a second on a 4× slowed phone. Until it is ready the frame and placeholders show;
  // a newer `me` replaces the page the same way.
  const user = state.status === 'authenticated' ? state.user : null;
  const shownUser = useDeferredValue(user);
  const menu = target === null;
  const askConsent = user?.profileStatus.showModalConsent ?? false;
  // The page as one element while what it shows is the same: `me`'s answer (equal to the device's copy, or a loading
  // state) renders the gate again, and a new element here rendered the whole frame and page again with it (about 60
  // components on a returning member's home, in the task that took the answer).
  const page = useMemo(
    () =>
      shownUser &&
      framed(
        <>
          {children}
          {askConsent && (
            <Suspense fallback={null}>
              <ConsentModal />
            </Suspense>
          )}
        </>,
        shownUser,
        menu,
      ),
    [children, shownUser, menu, askConsent],
  );

  useEffect(() => {
    if (disabled) void logout({ client, navigate: (path) => router.replace(path) });
  }, [disabled, client, router]);
  useEffect(() => {
    if (redirect && !confirming) router.replace(redirect);
  }, [redirect, confirming, router]);

  if (state.status === 'unreachable') {
    return (
      <PublicShell>
        <UnreachableScreen retry={state.retry} />
      </PublicShell>
    );
  }
  if (state.status === 'anonymous' && !disabled) {
    return (
      <PublicShell>
        <Suspense fallback={<Spinner />}>
          <LoginScreen />
        </Suspense>
      </PublicShell>
    );
  }
  if (state.status === 'loading') {
    // A session is there and me is on its way (a first visit, or a device with no copy of the member): the frame
    // and grey placeholders right away, which on a weak signal is many seconds sooner than the page.
    return framed(<PageSkeleton />, null);
  }
  if (state.status === 'authenticated' && !redirect && !confirming && shownUser === null) {
    // The member is known and their page renders in the background: its frame meanwhile (after a login, a blank page
    // with a spinner stood here until the whole page was ready).
    return framed(<PageSkeleton />, null, target === null);
  }
  if (state.status !== 'authenticated' || redirect || confirming || shownUser === null) {
    return (
      <div className="page-loading">
        <Spinner />
      </div>
    );
  }
  return page;
}
