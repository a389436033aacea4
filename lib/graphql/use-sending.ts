'use client';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A request for a form or a button, over either side's light client: `run` resolves with the answer or throws the
 * error (read with lib/apollo/errors), and keeps its identity; `loading` while a request is on its way.
 */
export function useSending<TArgs, TResult>(send: (args: TArgs) => Promise<TResult>) {
  const [loading, setLoading] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // `run` sends with the page's latest request, so a caller may pass a new function on every render.
  const latest = useRef(send);
  latest.current = send;
  const run = useCallback(async (args: TArgs): Promise<TResult> => {
    setLoading(true);
    try {
      return await latest.current(args);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, []);
  return [run, { loading }] as const;
}
