import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that starts loading as soon as the page runs, for a part that shows once the page's data arrives: the
 * chunk travels beside the query instead of after it, and stays out of the page's first load. A load that failed
 * (no signal) is tried again when the part first renders.
 */
export function lazyNow<P extends object>(load: () => Promise<ComponentType<P>>) {
  let started = typeof window === 'undefined' ? null : load();
  started?.catch(() => undefined);
  return lazy(async () => {
    const pending = started ?? load();
    started = null;
    return { default: await pending.catch(() => load()) };
  });
}
