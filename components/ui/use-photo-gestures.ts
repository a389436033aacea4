'use client';
import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';

/** How far two fingers may enlarge a photo. */
export const MAX_PHOTO_SCALE = 4;
/** A swipe passes to the next photo past this share of the frame's width, or this many pixels on a wide frame. */
const SWIPE_SHARE = 0.18;
const SWIPE_MAX_PX = 90;

interface View {
  scale: number;
  x: number;
  y: number;
}

const FITTED: View = { scale: 1, x: 0, y: 0 };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

interface Point {
  x: number;
  y: number;
}

/**
 * The fingers on a full-screen photo, by Pointer Events (the frame sets `touch-action: none`, so the browser leaves
 * them to us): one finger swipes to the previous or next photo while the photo is fitted, two fingers pinch it
 * larger around the point between them, and one finger then moves the enlarged photo, never past its edges. A mouse
 * is left alone: it has the buttons and the double click. Answers the CSS transform of the photo and whether a
 * finger is down (no easing then).
 */
export function usePhotoGestures({
  image,
  index,
  onSwipe,
}: {
  image: RefObject<HTMLElement | null>;
  /** The photo shown: another one starts fitted. */
  index: number;
  /** -1 for the previous photo, 1 for the next; the caller ignores a swipe past either end. */
  onSwipe: (direction: -1 | 1) => void;
}) {
  const [view, setView] = useState<View>(FITTED);
  const [dragX, setDragX] = useState(0);
  const [touching, setTouching] = useState(false);
  const pointers = useRef(new Map<number, Point>());
  const start = useRef<{ view: View; distance: number; middle: Point; swipe: boolean } | null>(null);
  const current = useRef({ view, dragX });
  current.current = { view, dragX };

  useEffect(() => {
    setView(FITTED);
    setDragX(0);
  }, [index]);

  /** The view moved no further than the enlarged photo's edges. */
  const bounded = (next: View): View => {
    const el = image.current;
    const frame = el?.parentElement;
    if (!el || !frame) return next;
    const maxX = Math.max(0, (el.offsetWidth * next.scale - frame.clientWidth) / 2);
    const maxY = Math.max(0, (el.offsetHeight * next.scale - frame.clientHeight) / 2);
    return { scale: next.scale, x: clamp(next.x, -maxX, maxX), y: clamp(next.y, -maxY, maxY) };
  };

  /** A gesture starts again from the fingers down now (a second finger joins, or one of two lifts). */
  const restart = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a) {
      start.current = null;
      return;
    }
    start.current = {
      view: current.current.view,
      distance: b ? Math.hypot(b.x - a.x, b.y - a.y) : 0,
      middle: b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : a,
      swipe: !b && current.current.view.scale === 1,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setTouching(true);
    setDragX(0);
    restart();
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const from = start.current;
    if (!from) return;
    const [a, b] = [...pointers.current.values()];
    if (!a) return;
    if (b && from.distance > 0) {
      // Pinch: the photo grows with the fingers' spread, and the point between them stays under them.
      const rect = event.currentTarget.getBoundingClientRect();
      const centre = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const scale = clamp((from.view.scale * Math.hypot(b.x - a.x, b.y - a.y)) / from.distance, 1, MAX_PHOTO_SCALE);
      const k = scale / from.view.scale;
      setView(
        bounded({
          scale,
          x: middle.x - centre.x - k * (from.middle.x - centre.x - from.view.x),
          y: middle.y - centre.y - k * (from.middle.y - centre.y - from.view.y),
        }),
      );
    } else if (from.swipe) {
      setDragX(a.x - from.middle.x);
    } else if (from.view.scale > 1) {
      setView(bounded({ ...from.view, x: from.view.x + a.x - from.middle.x, y: from.view.y + a.y - from.middle.y }));
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const from = start.current;
    if (pointers.current.size > 0) {
      restart();
      return;
    }
    setTouching(false);
    start.current = null;
    if (from?.swipe) {
      const width = event.currentTarget.clientWidth;
      const dx = current.current.dragX;
      if (Math.abs(dx) > Math.min(SWIPE_MAX_PX, width * SWIPE_SHARE)) onSwipe(dx < 0 ? 1 : -1);
      setDragX(0);
    } else if (current.current.view.scale < 1.05) {
      setView(FITTED);
    }
  };

  const { scale, x, y } = view;
  return {
    enlarged: scale > 1,
    touching,
    transform:
      scale === 1 && x === 0 && y === 0 && dragX === 0
        ? undefined
        : `translate(${x + dragX}px, ${y}px) scale(${scale})`,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
