'use client';
import { useEffect, useRef, type RefObject } from 'react';
import type { PhotoViewerHandle } from '../photo-viewer';
import type { Decision } from './use-decision';

/** A review's photos: one viewer, or a gallery that also steps from one photo to the next. */
export interface ReviewPhotos extends PhotoViewerHandle {
  step?: (step: number) => void;
}

export interface ReviewShortcuts {
  decision: Decision;
  /** The reviewer holds the item: only then do a and r act. */
  mine: boolean;
  next: () => void;
  photos: RefObject<ReviewPhotos | null>;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The keys a review page lists on screen (common/painel/review-desk.ts): a approves, r goes to the refusal's reason, p
 * opens the next item, + − [ ] f work the photo and, in a gallery, ← → pass between photos. None acts while a field
 * has the focus or with Ctrl, ⌘ or Alt, so typing and the browser's own shortcuts are left alone.
 */
export function useReviewShortcuts(shortcuts: ReviewShortcuts) {
  // The listener is set once and reads the page as it is at the key press.
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const { decision, mine, next, photos } = latest.current;
      // The confirmation dialog has the keyboard: its buttons, Tab and Esc.
      if (decision.confirming !== null) return;
      const photo = photos.current;
      const act: Record<string, () => void> = {
        a: () => mine && !decision.busy && void decision.approve(),
        r: () => mine && decision.focusReason(),
        p: next,
        '+': () => photo?.zoom(1),
        '=': () => photo?.zoom(1),
        '-': () => photo?.zoom(-1),
        '[': () => photo?.rotate(-1),
        ']': () => photo?.rotate(1),
        f: () => photo?.fullScreen(),
      };
      if (photo?.step) {
        const step = photo.step;
        act.arrowleft = () => step(-1);
        act.arrowright = () => step(1);
      }
      const action = act[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
