'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** How long to wait for the new page's heading (data may still be loading). */
const WAIT_FRAMES = 60;

const isTyping = (element: Element | null) =>
  !!element &&
  (element.matches('input, textarea, select, [contenteditable="true"]') || element.closest('dialog[open]'));

/**
 * After a client-side route change, moves focus to the new page's <h1>, as a full page load would start a screen
 * reader there; never takes focus from a field the member is already typing in.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    let handle = 0;
    const tryFocus = () => {
      if (isTyping(document.activeElement)) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) {
        if (frame++ < WAIT_FRAMES) handle = requestAnimationFrame(tryFocus);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    };
    handle = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(handle);
  }, [pathname]);
  return null;
}
