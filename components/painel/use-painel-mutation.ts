'use client';
import { useSending } from '@/lib/graphql/use-sending';
import type { TypedDocumentString } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';

/**
 * A painel mutation for a form or a button: `run` resolves with the data or throws the error (read with
 * lib/apollo/errors); `loading` while it is on its way.
 */
export function usePainelMutation<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>) {
  return useSending((variables: TVariables) => painelRequest(document, variables));
}
