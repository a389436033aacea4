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
