'use client';
import { useQuery } from '@apollo/client/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { isMaintenance, isUnauthenticated, isUserDisabled } from '../apollo/errors';
import { isClubUnreachable, subscribeReachability } from '../network/reachability';
import type { QMeQuery } from '../graphql/generated/graphql';
import { QMe } from './operations';
import {
  clearMemberSnapshot,
  readSnapshotPart,
  sameOrFresh,
  saveSnapshotPart,
  sessionSubject,
} from './member-snapshot';
import { hasStoredSession, useSessionStore } from './store';

export type CurrentUser = NonNullable<QMeQuery['me']>;

export type CurrentUserState =
  | { status: 'hydrating' }
  | { status: 'loading' }
  | { status: 'authenticated'; user: CurrentUser }
  | { status: 'anonymous'; disabled: boolean }
  /** A stored session that could not be checked: no connection or a server error. Not a logout. */
  | { status: 'unreachable'; retry: () => void };

/** The snapshot part holding the member's last `me`. */
export const ME_SNAPSHOT = 'me';

/** The member id of the stored session, for the device snapshot of what that member saw last. */
export function useSessionSubject(): string | null {
  const token = useSessionStore((s) => s.token);
  const refreshToken = useSessionStore((s) => s.refreshToken);
  return useMemo(() => sessionSubject({ token, refreshToken }), [token, refreshToken]);
}

/**
 * Login state (docs/product.md#41-login-state-and-gates): logged in when `me` returns a member, or while it loads
 * with a stored token.
 * Call it once per layout (the layout passes the member down): `me` is always read from the network; while it
 * travels, a returning member is shown from the last `me` kept on the device.
 */
export function useCurrentUserQuery(): CurrentUserState {
  // The stored session is read after the page hydrates, and a store's change renders at once, in one piece: the
  // gate's next screen follows it in the background instead, in slices a tap can come between (the `me` query follows
  // the store itself, below). A layout mounted later (a navigation) finds the session read already and renders
  // with it at once.
  const storeHydrated = useSessionStore((s) => s.hydrated);
  const [hydratedAtMount] = useState(storeHydrated);
  const hydrated = useDeferredValue(storeHydrated, hydratedAtMount);
  const hasSession = useSessionStore(hasStoredSession);
  const subject = useSessionSubject();
  // The query follows the store itself, not its deferred copy: Apollo applies a hook's options to its shared query
  // while rendering, so options that differ between the committed render and a background one make each undo the
  // other, and the background render began again from the start on every round (17 rounds on a returning member's
  // home at 4×, the page shown half a second later).
  //
  // Asked for one task after the store is read, not in the render that reads it: Apollo sends a query from within the
  // render that un-skips it (preparing the request, printing the document, the links), and with the gates' render that
  // the stored session causes it made one task of about 100 ms on a 4× slowed phone. A layout mounted with the session
  // already read (a navigation) asks at once.
  const [asking, setAsking] = useState(storeHydrated);
  useEffect(() => {
    if (!storeHydrated || asking) return;
    const task = setTimeout(() => setAsking(true), 0);
    return () => clearTimeout(task);
  }, [storeHydrated, asking]);
  const { data, loading, error, refetch } = useQuery(QMe, {
    skip: !asking || !hasSession,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-only',
  });
  const remembered = useMemo(
    () => (hydrated && hasSession ? readSnapshotPart<CurrentUser>(subject, ME_SNAPSHOT) : null),
    [hydrated, hasSession, subject],
  );
  const answer = data?.me ?? null;
  const fresh = useMemo(() => answer && sameOrFresh(remembered, answer), [remembered, answer]);
  // Maintenance is not a refusal, whatever shape it arrives in: the session and what the member saw stay.
  const refused = Boolean(
    error && !isMaintenance(error) && (CombinedGraphQLErrors.is(error) || isUnauthenticated(error)),
  );
  useEffect(() => {
    if (fresh) saveSnapshotPart(subject, ME_SNAPSHOT, fresh);
  }, [fresh, subject]);
  useEffect(() => {
    // The API ended this session: nothing it showed may paint the next visit.
    if (refused) clearMemberSnapshot();
  }, [refused]);
  // Without signal a returning member keeps the device's copy (below); `me` is asked again once the club answers
  // (the connection notice asks it while it does not, and at once when the browser says it is online).
  const waitingForSignal = Boolean(error && !refused && remembered);
  useEffect(() => {
    if (!waitingForSignal) return;
    return subscribeReachability(() => {
      if (!isClubUnreachable()) void refetch().catch(() => undefined);
    });
  }, [waitingForSignal, refetch]);

  if (!hydrated) return { status: 'hydrating' };
  if (!hasSession) return { status: 'anonymous', disabled: false };
  if (fresh) return { status: 'authenticated', user: fresh };
  if (loading || (!error && !data))
    return remembered ? { status: 'authenticated', user: remembered } : { status: 'loading' };
  // Only the API saying no ends the session; a dropped connection keeps the member logged in, on the device's copy
  // when there is one.
  if (waitingForSignal && remembered) return { status: 'authenticated', user: remembered };
  if (error && !refused) {
    return { status: 'unreachable', retry: () => void refetch().catch(() => undefined) };
  }
  return { status: 'anonymous', disabled: isUserDisabled(error) };
}
