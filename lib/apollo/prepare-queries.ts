import type { ApolloClient, DocumentNode } from '@apollo/client';

/**
 * Has Apollo prepare the client and each document ahead, as the first query of it would: the cache's and the query
 * manager's transforms of the document (kept per document) and their code, run for the first time. Made by a query in
 * a component, this work falls inside that component's render, which no browser task can interrupt: the gate's `me`
 * was a single render of 70–90 ms on a 4× slowed phone, 57 ms of it Apollo preparing the document. Here each step is
 * a task of its own (each under 50 ms there), queued with `setTimeout` so the browser can run other work between them.
 * The queries made here read the empty cache or wait on standby: nothing subscribes to them and they fetch nothing.
 */
export function prepareQueriesAhead(client: () => ApolloClient, documents: readonly DocumentNode[]): void {
  const steps: (() => void)[] = [
    () => void client(),
    ...documents.flatMap((query) => [
      () => void client().readQuery({ query }),
      () => void client().watchQuery({ query, fetchPolicy: 'standby' }),
    ]),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
