'use client';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider as ClientProvider } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { createLink } from '@/lib/apollo/links';
import { setTabApolloClient } from '@/lib/apollo/tab-client';

let browserClient: ApolloClient | undefined;

/**
 * One client for the whole tab, so its cache outlives the layouts that mount this provider (the member's pages, and
 * a public page opened with a stored session); the static export's prerender gets a throw-away one and fetches nothing.
 *
 * Plain Apollo rather than @apollo/experimental-nextjs-app-support: its job is carrying data fetched during a
 * streamed server render to the browser, which a static export never does, and it brought graphql's parser and
 * lexer (about 12 kB gzip) into every member page.
 */
function apolloClient(): ApolloClient {
  if (typeof window === 'undefined') {
    return new ApolloClient({ cache: new InMemoryCache(), link: createLink(), ssrMode: true });
  }
  if (!browserClient) {
    browserClient = new ApolloClient({ cache: new InMemoryCache(), link: createLink() });
    setTabApolloClient(browserClient);
  }
  return browserClient;
}

export function ApolloProvider({ children }: { children: ReactNode }) {
  const [client] = useState(apolloClient);
  return <ClientProvider client={client}>{children}</ClientProvider>;
}
