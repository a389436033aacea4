'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TypedDocumentString } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';

export interface PainelQuery<TResult> {
  data: TResult | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Asks again, keeping what is shown until the answer. */
  refetch: () => Promise<void>;
  /** Changes what is shown without asking (a mutation's answer, the next page). */
  update: (change: (data: TResult) => TResult) => void;
}

/**
 * Runs a painel query on mount and whenever its variables change (a new question shows nothing of the previous
 * answer); `skip` leaves it idle. Leaving the page aborts what is still on its way.
 */
export function usePainelQuery<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  { variables, skip = false }: { variables: TVariables; skip?: boolean },
): PainelQuery<TResult> {
  const [data, setData] = useState<TResult | undefined>(undefined);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [loading, setLoading] = useState(!skip);
  // Variables are compared by value: callers pass a new object on every render.
  const key = JSON.stringify(variables);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setError(undefined);
    setLoading(true);
    try {
      const result = await painelRequest(document, JSON.parse(key) as TVariables, { signal: current.signal });
      if (current.signal.aborted) return;
      setData(result);
    } catch (failure) {
      if (current.signal.aborted) return;
      // A refetch that fails keeps what is shown, beside the error.
      setError(failure as Error);
    }
    setLoading(false);
  }, [document, key]);

  useEffect(() => {
    setData(undefined);
    setError(undefined);
    if (skip) {
      setLoading(false);
      return;
    }
    void run();
    return () => controller.current?.abort();
  }, [run, skip]);

  const update = useCallback((change: (data: TResult) => TResult) => {
    setData((previous) => (previous === undefined ? previous : change(previous)));
  }, []);

  return { data, error, loading, refetch: run, update };
}
