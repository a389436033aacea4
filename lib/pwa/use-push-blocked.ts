'use client';
import { useSyncExternalStore } from 'react';
import { pushSupport, readPushPlatform, type PushSupport } from './push-support';

/**
 * Why this browser gets none of the club's pushes, whatever the member chose: its notifications are blocked for the
 * site (`denied`), or it has no web push here (see `PushSupport`).
 */
export type PushBlocked = Exclude<PushSupport, 'supported'> | 'denied';

/** What blocks the club's pushes in this browser now; null when they can arrive (or will, once the member allows). */
export function readPushBlocked(): PushBlocked | null {
  const support = pushSupport(readPushPlatform());
  if (support !== 'supported') return support;
  return Notification.permission === 'denied' ? 'denied' : null;
}

const askedHere = new Set<() => void>();

/**
 * The page asked for the permission and the member answered: read it again. Chromium and Firefox also tell through
 * the PermissionStatus below; this does not wait on a browser that does not.
 */
export function rereadPushPermission(): void {
  for (const onChange of askedHere) onChange();
}

function subscribe(onChange: () => void): () => void {
  // The member may unblock (or block) the site in the browser's settings and come back: the permission's own
  // change event where there is one, and every return to the page where there is not.
  let status: PermissionStatus | null = null;
  let ended = false;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((found) => {
      if (ended) return;
      status = found;
      found.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  document.addEventListener('visibilitychange', onChange);
  window.addEventListener('focus', onChange);
  askedHere.add(onChange);
  return () => {
    ended = true;
    status?.removeEventListener('change', onChange);
    document.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('focus', onChange);
    askedHere.delete(onChange);
  };
}

/**
 * What blocks the club's pushes in this browser, kept current while the page is open. The static export renders as
 * not blocked (it cannot know); hydration brings the browser's answer.
 */
export function usePushBlocked(): PushBlocked | null {
  return useSyncExternalStore(subscribe, readPushBlocked, () => null);
}
