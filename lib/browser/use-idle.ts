'use client';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * False until the page's first idle moment after mount, then true: for work a screen can start a little later
 * without the member noticing (a query whose answer the device already shows), so it does not join the mount's task.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
