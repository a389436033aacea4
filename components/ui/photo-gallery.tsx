'use client';
import { Suspense, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { apiHref } from '@/lib/files/api-href';
import { lazyNow } from './lazy-now';
import { counterText, StepButton } from './photo-step-button';
import { useHistoryEntry } from './use-history-entry';

// The full-screen viewer (its gestures) loads with the page but outside its first load: most visits never open it.
const PhotoViewer = lazyNow(() => import('./photo-viewer').then((m) => m.PhotoViewer));

/** A photo the API serves sized: a project's, a reward's. */
export interface GalleryPhoto {
  url: string;
  width: number;
  height: number;
  thumbnailUrl: string;
  thumbnailWidth: number;
  alt: string;
}

type Photo = GalleryPhoto;

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** ArrowLeft/ArrowRight/Home/End → the photo to show, or null for any other key. */
function keyTarget(key: string, index: number, total: number): number | null {
  if (key === 'ArrowRight') return Math.min(index + 1, total - 1);
  if (key === 'ArrowLeft') return Math.max(index - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return total - 1;
  return null;
}

/**
 * Photos one per view (a project's, a reward's): swiped on a phone (CSS scroll snap), moved with the buttons or, when
 * the gallery has focus, ArrowLeft/ArrowRight. A tap opens the photo full screen.
 */
export function PhotoGallery({ photos, label }: { photos: readonly Photo[]; label: string }) {
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const track = useRef<HTMLUListElement>(null);
  const total = photos.length;
  // The phone's Back closes the full-screen photo only, and the member stays on the page.
  const closeViewer = useCallback(() => setViewing(false), []);
  useHistoryEntry(viewing, closeViewer);

  // Set while a button or key scrolls the track, so the photos passed on the way do not flash in the counter.
  const scrollingTo = useRef<number | null>(null);

  /** Shows photo `next`: the counter at once, the track scrolled to it. */
  const show = useCallback((next: number) => {
    setIndex(next);
    const el = track.current;
    if (!el || el.clientWidth === 0 || typeof el.scrollTo !== 'function') return;
    scrollingTo.current = next;
    el.scrollTo({ left: next * el.clientWidth, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, []);

  // A swipe moves the track; the photo counted is the one most in view.
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const inView = Math.round(el.scrollLeft / el.clientWidth);
    if (scrollingTo.current !== null) {
      if (inView === scrollingTo.current) scrollingTo.current = null;
      return;
    }
    if (inView !== index && inView >= 0 && inView < total) setIndex(inView);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = keyTarget(event.key, index, total);
    if (next === null) return;
    // The track would scroll by a few pixels on its own; a key moves exactly one photo.
    event.preventDefault();
    if (next !== index) show(next);
  };

  if (total === 0) return null;
  return (
    <section className="photo-gallery" aria-label={label} onKeyDown={onKeyDown}>
      <ul
        ref={track}
        className="photo-gallery__track"
        // Focusable so the arrows work and a keyboard can scroll it (WCAG: scrollable regions reachable by keyboard).
        tabIndex={0}
        aria-label={total > 1 ? 'Fotos: use as setas para passar' : 'Foto'}
        onScroll={onScroll}
        // A finger on the track takes over from a scroll a button started.
        onPointerDown={() => (scrollingTo.current = null)}
      >
        {photos.map((photo, i) => (
          <li
            key={photo.url}
            className="photo-gallery__slide"
            // Only the photo in view is read and reached with Tab; the others are a swipe or an arrow away.
            aria-hidden={i !== index}
          >
            <button
              type="button"
              className="photo-gallery__open"
              tabIndex={i === index ? 0 : -1}
              onClick={() => {
                setIndex(i);
                setViewing(true);
              }}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- static export, the API gives the size */}
              <img
                className="photo-gallery__image"
                src={apiHref(photo.url)}
                // A phone picks the thumbnail; a wide screen the full photo.
                srcSet={`${apiHref(photo.thumbnailUrl)} ${photo.thumbnailWidth}w, ${apiHref(photo.url)} ${photo.width}w`}
                sizes="(min-width: 52rem) 50rem, 100vw"
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
              <span className="visually-hidden"> (ampliar)</span>
            </button>
          </li>
        ))}
      </ul>
      {total > 1 && (
        <div className="photo-gallery__controls">
          <StepButton direction={-1} index={index} total={total} onStep={show} />
          <p className="photo-gallery__counter" aria-live="polite">
            {counterText(index, total)}
          </p>
          <StepButton direction={1} index={index} total={total} onStep={show} />
        </div>
      )}
      <p className="photo-gallery__hint">Toque ou clique na foto para vê-la em tela cheia.</p>
      {viewing && (
        <Suspense fallback={null}>
          <PhotoViewer photos={photos} index={index} onIndex={show} onClose={closeViewer} />
        </Suspense>
      )}
    </section>
  );
}
