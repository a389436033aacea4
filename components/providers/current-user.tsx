'use client';
import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser } from '@/lib/session/use-current-user-query';

const CurrentUserContext = createContext<CurrentUser | null>(null);

/** `user` is null while the member's page is not ready (the frame and its placeholders, which never ask for them). */
export function CurrentUserProvider({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The logged-in member, inside private pages (the private layout loads it once). */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside a private page');
  return user;
}
