import type { ApolloClient } from '@apollo/client';

let client: ApolloClient | null = null;

/**
 * The tab's Apollo client, once a page that uses Apollo has made it (components/providers/apollo-provider.tsx), for
 * code above that provider: the maintenance screen asks it to run the queries that met the maintenance again. Null
 * on a page opened cold, which has no Apollo (and no query to run again); reading it loads nothing.
 */
export function tabApolloClient(): ApolloClient | null {
  return client;
}

export function setTabApolloClient(value: ApolloClient): void {
  client = value;
}
