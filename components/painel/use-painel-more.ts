'use client';
import { useState } from 'react';
import type { TypedDocumentString } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import type { PainelQuery } from './use-painel-query';

/** A page of a painel list: its rows (the audit's and the extract's are `entries`) and the cursor of the next. */
export type PainelPage = { nextCursor: string | null } & (
  { rows: readonly unknown[] } | { entries: readonly unknown[] }
);

/** The page's rows, whichever name the API gives them. */
export const rowsOf = <P extends PainelPage>(page: P) => ('rows' in page ? page.rows : page.entries);

/**
 * "Mais …" under a painel list whose answer is `{ [field]: { rows | entries, nextCursor } }`: asks for the page after
 * the shown one with the same variables and adds its rows below; a failure is kept for the screen to show.
 */
export function usePainelMore<TResult extends Record<K, PainelPage>, TVariables, K extends keyof TResult & string>(
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
      const list = 'rows' in next[field] ? 'rows' : 'entries';
      query.update((previous) => ({
        ...previous,
        [field]: { ...next[field], [list]: [...rowsOf(previous[field]), ...rowsOf(next[field])] },
      }));
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setLoading(false);
    }
  };
  return { more, loading, error, reset: () => setError(undefined) };
}
