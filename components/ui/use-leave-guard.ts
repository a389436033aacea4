'use client';
import { useEffect } from 'react';

/**
 * While `active` (an upload on its way), leaving or reloading the page asks the browser's "Sair do site?" first: on a
 * weak signal an upload takes a minute, and losing it silently costs the member the whole wait.
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers still need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
