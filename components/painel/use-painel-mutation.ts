'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TypedDocumentString } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';

/**
 * A painel mutation for a form or a button: `run` resolves with the data or throws the error (read with
 * lib/apollo/errors); `loading` while it is on its way.
 */
export function usePainelMutation<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>) {
  const [loading, setLoading] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(
    async (variables: TVariables): Promise<TResult> => {
      setLoading(true);
      try {
        return await painelRequest(document, variables);
      } finally {
        if (mounted.current) setLoading(false);
      }
    },
    [document],
  );
  return [run, { loading }] as const;
}
