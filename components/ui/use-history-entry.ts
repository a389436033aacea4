'use client';
import { useEffect, useRef } from 'react';

const KEY = '__clubeOverlay';

/**
 * While `open`, a full-screen layer (the photo viewer) has its own entry in the browser's history, so the phone's
 * Back closes the layer and leaves the page where it was. Closed from the layer itself (Fechar, Esc), the entry is
 * taken off again, so the next Back leaves the page as usual. The entry keeps the router's own state (Next.js reads
 * it on every Back) and the same address.
 */
export function useHistoryEntry(open: boolean, onBack: () => void): void {
  const back = useRef(onBack);
  back.current = onBack;

  useEffect(() => {
    if (!open) return;
    const marker = Math.random().toString(36).slice(2);
    const ours = () => (window.history.state as Record<string, unknown> | null)?.[KEY] === marker;
    window.history.pushState({ ...(window.history.state as object | null), [KEY]: marker }, '');
    const onPopState = () => {
      if (!ours()) back.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (ours()) window.history.back();
    };
  }, [open]);
}
