'use client';
import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { isUnauthenticated, isUserDisabled } from '../apollo/errors';
import type { QMeQuery } from '../graphql/generated/graphql';
import { QMe } from '../graphql/operations';
import { hasStoredSession, useSessionStore } from './store';

export type CurrentUser = NonNullable<QMeQuery['me']>;

export type CurrentUserState =
  | { status: 'hydrating' }
  | { status: 'loading' }
  | { status: 'authenticated'; user: CurrentUser }
  | { status: 'anonymous'; disabled: boolean }
  /** A stored session that could not be checked: no connection or a server error. Not a logout. */
  | { status: 'unreachable'; retry: () => void };

/**
 * Login state of SPEC 4: logged in when `me` returns a member, or while it loads with a stored token.
 * Call it once per layout (the layout passes the member down): `me` is always read from the network.
 */
export function useCurrentUserQuery(): CurrentUserState {
  const hydrated = useSessionStore((s) => s.hydrated);
  const hasSession = useSessionStore(hasStoredSession);
  const { data, loading, error, refetch } = useQuery(QMe, {
    skip: !hydrated || !hasSession,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-only',
  });
  if (!hydrated) return { status: 'hydrating' };
  if (!hasSession) return { status: 'anonymous', disabled: false };
  if (data?.me) return { status: 'authenticated', user: data.me };
  if (loading || (!error && !data)) return { status: 'loading' };
  // Only the API saying no ends the session; a dropped connection keeps the member logged in to try again.
  if (error && !CombinedGraphQLErrors.is(error) && !isUnauthenticated(error)) {
    return { status: 'unreachable', retry: () => void refetch().catch(() => undefined) };
  }
  return { status: 'anonymous', disabled: isUserDisabled(error) };
}
