'use client';
import { ApolloClient, ApolloNextAppProvider, InMemoryCache } from '@apollo/experimental-nextjs-app-support';
import type { ReactNode } from 'react';
import { createLink } from '@/lib/apollo/links';
import { setTabApolloClient } from '@/lib/apollo/tab-client';

/**
 * The provider keeps one client for the whole tab, so its cache outlives the layouts that mount it (the member's
 * pages, and a public page opened with a stored session). The static export's prerender gets a throw-away client
 * whose queries read the empty cache only, so the build fetches nothing.
 */
function makeClient() {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: createLink() });
  if (typeof window !== 'undefined') setTabApolloClient(client);
  return client;
}

export function ApolloProvider({ children }: { children: ReactNode }) {
  return <ApolloNextAppProvider makeClient={makeClient}>{children}</ApolloNextAppProvider>;
}
