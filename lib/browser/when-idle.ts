type Idle = (callback: () => void, options?: { timeout: number }) => number;

/** Idle callbacks wait at most this long for an idle moment; browsers without them wait this fixed delay. */
const IDLE_TIMEOUT_MS = 5000;
const FALLBACK_DELAY_MS = 1500;

/**
 * Runs `callback` once the page has nothing more urgent to do, for work that must not compete with the first load
 * (the device session, the form rules); returns the function that cancels it.
 */
export function whenIdle(callback: () => void): () => void {
  const idle = (window as Window & { requestIdleCallback?: Idle }).requestIdleCallback;
  if (idle) {
    const handle = idle(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}

/**
 * Runs `callback` in the first idle moment after the page's `load` event (every script and image of the first load
 * has arrived), for work that would otherwise take bandwidth or the main thread from the first tap: the service
 * worker's install downloads and precaches files, the permission prompt interrupts. Returns the function that cancels.
 */
export function whenLoadedAndIdle(callback: () => void): () => void {
  let cancelIdle = () => {};
  const onLoad = () => {
    cancelIdle = whenIdle(callback);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle();
  };
}
