'use client';
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * What a painel action did ("Nota #12 aprovada…"): the sentence takes the focus when it appears, so a screen reader
 * says it and the keyboard goes on from there.
 */
export function useDoneNotice() {
  const [done, setDone] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);
  return { done, setDone, status };
}

/** The sentence of `useDoneNotice`, when there is one. */
export function DoneNotice({ done, status }: { done: string | null; status: RefObject<HTMLParagraphElement | null> }) {
  if (!done) return null;
  return (
    <p ref={status} tabIndex={-1} className="alert alert--success" role="status">
      {done}
    </p>
  );
}
