'use client';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import type { TypedDocumentString } from '@/lib/painel/operations';
import { usePainelMore, type PainelPage } from './use-painel-more';
import { usePainelQuery } from './use-painel-query';

/**
 * A painel list screen's state: the filters being typed (`draft`) and those applied, the query of the applied ones
 * (`variables` makes its variables), "Mais …" for the next page, and the failure to show. Applying or clearing the
 * filters forgets a failed "Mais …".
 */
export function usePainelList<
  TResult extends Record<K, PainelPage>,
  TVariables,
  K extends keyof TResult & string,
  TFilter extends Record<string, string>,
>(
  document: TypedDocumentString<TResult, TVariables>,
  field: K,
  empty: TFilter,
  variables: (filter: TFilter) => TVariables,
) {
  const [draft, setDraft] = useState<TFilter>(empty);
  const [applied, setApplied] = useState<TFilter>(empty);
  const asked = variables(applied);
  const query = usePainelQuery(document, { variables: asked });
  const paging = usePainelMore(document, field, asked, query);
  const error = query.error ?? paging.error;
  const fields = fieldErrors(error as never);
  const page = query.data?.[field];

  return {
    draft,
    applied,
    query,
    paging,
    error,
    /** The errors the API gave per field (`filter.from`…), for the filters to show beside their fields. */
    fields,
    page: page as TResult[K] | undefined,
    /** The failure above the list, unless it is said beside one of the `shownOnFields`. */
    problem: (shownOnFields: readonly string[] = []) =>
      error && !shownOnFields.some((name) => fields[name]) ? errorMessage(error as never) : null,
    /** A filter field's value and change handler. */
    field: (name: keyof TFilter) => ({
      value: draft[name],
      onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value })),
    }),
    apply: (event: FormEvent) => {
      event.preventDefault();
      paging.reset();
      setApplied(draft);
    },
    clear: () => {
      paging.reset();
      setDraft(empty);
      setApplied(empty);
    },
  };
}
