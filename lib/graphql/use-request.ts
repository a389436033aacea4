'use client';
import { useEffect, useState } from 'react';
import type { TypedDocumentString } from './generated-public/graphql';
import { request, type RequestOptions } from './request';
import { useSending } from './use-sending';

/**
 * React hooks over the light client of lib/graphql/request.ts, shaped like Apollo's so a page opened cold reads the
 * same: a mutation resolves with `{ data }` or throws; a query gives `{ data, error, loading }`.
 */

export interface MutationCall<TVariables> {
  variables: TVariables;
  headers?: Record<string, string>;
}

export function useRequestMutation<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>) {
  return useSending(async ({ variables, headers }: MutationCall<TVariables>) => ({
    data: await request(document, variables, { headers }),
  }));
}

export interface QueryState<TResult> {
  data: TResult | undefined;
  error: Error | undefined;
  loading: boolean;
}

/** Runs the query on mount and whenever its variables change; `skip` leaves it idle. */
export function useRequestQuery<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  { variables, skip = false, ...options }: { variables: TVariables; skip?: boolean } & Pick<RequestOptions, 'headers'>,
): QueryState<TResult> {
  const [state, setState] = useState<QueryState<TResult>>({ data: undefined, error: undefined, loading: !skip });
  // Variables are compared by value: callers pass a new object on every render.
  const key = JSON.stringify(variables);
  const headers = JSON.stringify(options.headers ?? null);
  useEffect(() => {
    if (skip) {
      setState({ data: undefined, error: undefined, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: undefined, loading: true }));
    request(document, JSON.parse(key) as TVariables, {
      signal: controller.signal,
      headers: (JSON.parse(headers) as Record<string, string> | null) ?? undefined,
    }).then(
      (data) => setState({ data, error: undefined, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: undefined, error: error as Error, loading: false });
      },
    );
    return () => controller.abort();
  }, [document, key, headers, skip]);
  return state;
}
