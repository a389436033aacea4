'use client';
import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * False until the page's first idle moment after mount, then true: for work a screen can start a little later
 * without the member noticing (a query whose answer the device already shows), so it does not join the mount's task.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  // An urgent update, not a transition: the screens skip their queries until idle, and Apollo applies a hook's
  // options to its shared query while rendering, so a background render with the query started and the committed
  // one with it skipped undid each other, round after round, until one finished.
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
