'use client';
import { useEffect, useRef, useState } from 'react';

/** A customer who walks away leaves the screen to the next one: after this long without a touch, the kiosk resets. */
export const KIOSK_IDLE_MS = 60_000;
/** The last seconds are counted down on screen, and any touch cancels them. */
export const KIOSK_COUNTDOWN_MS = 10_000;

const ACTIVITY = ['pointerdown', 'keydown', 'input', 'touchstart'] as const;

/**
 * While `active`, calls `onReset` after KIOSK_IDLE_MS without a touch or a key. Answers the seconds left during the
 * final countdown, or null.
 */
export function useIdleReset(active: boolean, onReset: () => void): number | null {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(Date.now());
  const reset = useRef(onReset);
  reset.current = onReset;

  useEffect(() => {
    if (!active) {
      setSecondsLeft(null);
      return;
    }
    lastActivity.current = Date.now();
    const touched = () => {
      lastActivity.current = Date.now();
      setSecondsLeft(null);
    };
    for (const type of ACTIVITY) window.addEventListener(type, touched, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      const idle = Date.now() - lastActivity.current;
      if (idle >= KIOSK_IDLE_MS) {
        setSecondsLeft(null);
        reset.current();
      } else if (idle >= KIOSK_IDLE_MS - KIOSK_COUNTDOWN_MS) {
        setSecondsLeft(Math.ceil((KIOSK_IDLE_MS - idle) / 1000));
      }
    }, 250);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, touched, { capture: true });
    };
  }, [active]);

  return secondsLeft;
}
