'use client';
import { useState } from 'react';
import type { TypedDocumentString } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import type { PainelQuery } from './use-painel-query';

type Page<Row> = { rows: Row[]; nextCursor: string | null };

/**
 * "Mais …" under a painel list whose answer is `{ [field]: { rows, nextCursor } }`: asks for the page after the
 * shown one with the same variables and adds its rows below; a failure is kept for the screen to show.
 */
export function usePainelMore<Row, TResult extends Record<K, Page<Row>>, TVariables, K extends keyof TResult & string>(
  document: TypedDocumentString<TResult, TVariables>,
  field: K,
  variables: TVariables,
  query: PainelQuery<TResult>,
) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | undefined>(undefined);
  const more = async () => {
    setError(undefined);
    setLoading(true);
    try {
      const next = await painelRequest(document, { ...variables, after: query.data?.[field].nextCursor });
      query.update((previous) => ({
        ...previous,
        [field]: { ...next[field], rows: [...previous[field].rows, ...next[field].rows] },
      }));
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setLoading(false);
    }
  };
  return { more, loading, error, reset: () => setError(undefined) };
}
