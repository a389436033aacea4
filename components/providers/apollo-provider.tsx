'use client';
import { ApolloClient, ApolloNextAppProvider, InMemoryCache } from '@apollo/experimental-nextjs-app-support';
import type { ReactNode } from 'react';
import { createLink } from '@/lib/apollo/links';

function makeClient() {
  return new ApolloClient({ cache: new InMemoryCache(), link: createLink() });
}

export function ApolloProvider({ children }: { children: ReactNode }) {
  return <ApolloNextAppProvider makeClient={makeClient}>{children}</ApolloNextAppProvider>;
}
