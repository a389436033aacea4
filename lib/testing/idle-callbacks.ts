/**
 * Gives jsdom the idle callbacks Chromium and Firefox have, for the tests of screens that start work in the first idle
 * moment (lib/browser/use-idle.ts): without them that work waits the fallback's fixed delay, longer than a test waits
 * for the screen. Call from a test file's `beforeAll`.
 */
export function installIdleCallbacks(): void {
  Object.assign(window, {
    requestIdleCallback: (callback: () => void) => window.setTimeout(callback, 1),
    cancelIdleCallback: (handle: number) => window.clearTimeout(handle),
  });
}
