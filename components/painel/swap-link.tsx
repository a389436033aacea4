import type { ReactNode } from 'react';

/**
 * A link to the same review page with another id. A plain click swaps what the screen shows (a next/link would keep
 * the page and its object as they are, the route being the same); a click that asks for a new tab or window, or a
 * middle click, is the browser's.
 */
export function SwapLink({ href, onSwap, children }: { href: string; onSwap: () => void; children: ReactNode }) {
  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onSwap();
      }}
    >
      {children}
    </a>
  );
}
