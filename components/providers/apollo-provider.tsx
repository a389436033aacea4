'use client';
import { ApolloClient, ApolloNextAppProvider, InMemoryCache } from '@apollo/experimental-nextjs-app-support';
import type { ReactNode } from 'react';
import { createLink } from '@/lib/apollo/links';
import { prepareQueriesAhead } from '@/lib/apollo/prepare-queries';
import { setTabApolloClient, tabApolloClient } from '@/lib/apollo/tab-client';
import { QMe } from '@/lib/session/operations';

const newClient = () => new ApolloClient({ cache: new InMemoryCache(), link: createLink() });

/** A client made ahead (below) and not yet handed to a provider. */
let ahead: InstanceType<typeof ApolloClient> | null = null;

/**
 * The provider keeps one client for the whole tab, so its cache outlives the layouts that mount it (the member's
 * pages, and a public page opened with a stored session). The static export's prerender gets a throw-away client
 * whose queries read the empty cache only, so the build fetches nothing.
 */
function makeClient() {
  const client = ahead ?? newClient();
  ahead = null;
  if (typeof window !== 'undefined') setTabApolloClient(client);
  return client;
}

// In the browser the client is made, and the gate's `me` prepared (lib/apollo/prepare-queries.ts), in tasks of their
// own queued as this module loads with the page's scripts, instead of inside the hydration's render of the provider
// and of the gate.
if (typeof window !== 'undefined') prepareQueriesAhead(() => tabApolloClient() ?? (ahead ??= newClient()), [QMe]);

export function ApolloProvider({ children }: { children: ReactNode }) {
  return <ApolloNextAppProvider makeClient={makeClient}>{children}</ApolloNextAppProvider>;
}
