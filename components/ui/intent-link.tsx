'use client';
import { useRouter } from 'next/navigation';
import type { ComponentProps, MouseEvent } from 'react';

type IntentLinkProps = Omit<ComponentProps<'a'>, 'href'> & { href: string; replace?: boolean; scroll?: boolean };

/** What the browser must do itself: a new tab or window, a download, another site. */
function leftToTheBrowser(event: MouseEvent<HTMLAnchorElement>, href: string): boolean {
  const anchor = event.currentTarget;
  const target = anchor.getAttribute('target');
  return (
    (target !== null && target !== '_self') ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    event.button !== 0 ||
    anchor.hasAttribute('download') ||
    new URL(href, window.location.href).origin !== window.location.origin
  );
}

/**
 * A link within the club that fetches its page when the person reaches for it (pointer over it, a finger on it,
 * keyboard focus) instead of as soon as it is on screen. Next's viewport prefetch of every link of a screen ran each
 * destination's code on a slow phone while the page itself was still becoming usable (up to 0.2 s tasks at 4× slowdown
 * on /login); a tap still starts the fetch before the click lands.
 *
 * A plain anchor that navigates with the router, as Next's `Link` does for a plain click: with its prefetch off, `Link`
 * only added what this club does not use (link status, URL objects) at a cost, a returning member's home mounting some
 * thirty links in the commit that shows it on a slow phone.
 */
export function IntentLink({
  href,
  replace = false,
  scroll = true,
  onClick,
  onPointerEnter,
  onTouchStart,
  onFocus,
  ...props
}: IntentLinkProps) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || leftToTheBrowser(event, href)) return;
        event.preventDefault();
        if (replace) router.replace(href, { scroll });
        else router.push(href, { scroll });
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
