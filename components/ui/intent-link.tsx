'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'href'> & { href: string };

/**
 * A link that fetches its page when the person reaches for it (pointer over it, a finger on it, keyboard focus)
 * instead of as soon as it is on screen. Next's viewport prefetch of every link of a screen ran each destination's
 * code on a slow phone while the page itself was still becoming usable (up to 0.2 s tasks at 4× slowdown on /login);
 * a tap still starts the fetch before the click lands.
 */
export function IntentLink({ href, onPointerEnter, onTouchStart, onFocus, ...props }: IntentLinkProps) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
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
