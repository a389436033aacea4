'use client';
import { useRouter } from 'next/navigation';
import type { ComponentProps, MouseEvent } from 'react';

type IntentLinkProps = Omit<ComponentProps<'a'>, 'href'> & { href: string };

/**
 * What the browser must do itself: a new tab or window, by a click with a modifier or by the link's target. An
 * IntentLink names one of the club's pages, never a file to download (the router loads an address outside the club as
 * a whole page, as the browser would), and a middle click is no `click`.
 */
const leftToTheBrowser = (event: MouseEvent<HTMLAnchorElement>) =>
  event.metaKey ||
  event.ctrlKey ||
  event.shiftKey ||
  event.altKey ||
  (event.currentTarget.target || '_self') !== '_self';

/**
 * A link within the club that fetches its page when the person reaches for it (pointer over it, a finger on it,
 * keyboard focus) instead of as soon as it is on screen. Next's viewport prefetch of every link of a screen ran each
 * destination's code on a slow phone while the page itself was still becoming usable (up to 0.2 s tasks at 4× slowdown
 * on /login); a tap still starts the fetch before the click lands.
 *
 * A plain anchor that navigates with the router, as Next's `Link` does for a plain click (a new page, scrolled to
 * the top): with its prefetch off, `Link` only added what the club does not use (link status, URL objects), and a
 * returning member's home mounted some thirty of them in the commit that shows it on a slow phone.
 */
export function IntentLink({ href, onClick, onPointerEnter, onTouchStart, onFocus, ...props }: IntentLinkProps) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || leftToTheBrowser(event)) return;
        event.preventDefault();
        router.push(href);
      }}
      onPointerEnter={(event) => {
        prefetch();
        onPointerEnter?.(event);
      }}
      onTouchStart={(event) => {
        prefetch();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
    />
  );
}
