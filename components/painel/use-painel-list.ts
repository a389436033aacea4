'use client';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { filterFromSearch, searchOfFilter } from '@/common/routing/url-filters';
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
  { inUrl = false }: { inUrl?: boolean } = {},
) {
  const [draft, setDraft] = useState<TFilter>(empty);
  const [applied, setApplied] = useState<TFilter>(empty);
  // The export has no query string at build time: the address is read once the page runs.
  const [ready, setReady] = useState(!inUrl);
  useEffect(() => {
    if (!inUrl) return;
    const read = () => {
      const filter = filterFromSearch(empty, window.location.search);
      setDraft(filter);
      setApplied(filter);
      setReady(true);
    };
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
    // `empty` is the screen's constant: the address is read once, not at every render.
  }, [inUrl]); // eslint-disable-line react-hooks/exhaustive-deps
  const asked = variables(applied);
  const query = usePainelQuery(document, { variables: asked, skip: !ready });
  const paging = usePainelMore(document, field, asked, query);
  const error = query.error ?? paging.error;
  const fields = fieldErrors(error as never);
  const page = query.data?.[field];
  const show = (filter: TFilter) => {
    paging.reset();
    setApplied(filter);
    // Replaced, not pushed: Back leaves the list, as it did before its filters were in the address.
    if (inUrl)
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${searchOfFilter(filter)}`);
  };

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
      show(draft);
    },
    /** Applies one value at once, with the others as applied (a column's order). */
    set: (name: keyof TFilter, value: string) => {
      setDraft((d) => ({ ...d, [name]: value }));
      show({ ...applied, [name]: value });
    },
    clear: () => {
      setDraft(empty);
      show(empty);
    },
  };
}
