'use client';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { apiHref } from '@/lib/files/api-href';
import { Modal } from './modal';

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

const counterText = (index: number, total: number) => `Foto ${index + 1} de ${total}`;

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
 * Full screen, one photo: the browser's own pinch zoom works on it (touch-action), and a button shows it at its own
 * size for a mouse, scrolled inside the frame.
 */
function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: readonly Photo[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  // Which photo is zoomed, so moving to another one shows it fitted again.
  const [zoomedIndex, setZoomedIndex] = useState<number | null>(null);
  const zoomed = zoomedIndex === index;
  const toggleZoom = () => setZoomedIndex(zoomed ? null : index);
  const frame = useRef<HTMLDivElement>(null);
  const photo = photos[index];

  useEffect(() => {
    // Zooming in starts at the middle of the photo, where the member was looking.
    const el = frame.current;
    if (!zoomed || !el) return;
    el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
    el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
  }, [zoomed]);

  if (!photo) return null;
  return (
    // The arrows reach the gallery's own key handler: the dialog sits inside it.
    <Modal open title={counterText(index, photos.length)} onClose={onClose} className="photo-viewer">
      <div
        ref={frame}
        className={`photo-viewer__frame${zoomed ? ' photo-viewer__frame--zoomed' : ''}`}
        onDoubleClick={toggleZoom}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- static export, the API gives the size */}
        <img
          className="photo-viewer__image"
          src={apiHref(photo.url)}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          decoding="async"
        />
      </div>
      <div className="photo-viewer__tools">
        {photos.length > 1 && <StepButton direction={-1} index={index} total={photos.length} onStep={onIndex} />}
        <button type="button" className="button button--secondary" aria-pressed={zoomed} onClick={toggleZoom}>
          {zoomed ? 'Ajustar à tela' : 'Ver no tamanho real'}
        </button>
        {photos.length > 1 && <StepButton direction={1} index={index} total={photos.length} onStep={onIndex} />}
      </div>
    </Modal>
  );
}

/**
 * Anterior / Próxima. At either end it stays focusable and says it is unavailable (aria-disabled) instead of
 * `disabled`, which would drop the keyboard focus to the page's start.
 */
function StepButton({
  direction,
  index,
  total,
  onStep,
}: {
  direction: -1 | 1;
  index: number;
  total: number;
  onStep: (index: number) => void;
}) {
  const next = index + direction;
  const unavailable = next < 0 || next >= total;
  return (
    <button
      type="button"
      className="button button--secondary photo-gallery__step"
      aria-disabled={unavailable}
      // The full name for a screen reader; the short visible word fits beside the counter on a phone.
      aria-label={direction < 0 ? 'Foto anterior' : 'Próxima foto'}
      onClick={() => {
        if (!unavailable) onStep(next);
      }}
    >
      {direction < 0 ? (
        <>
          <span aria-hidden="true">‹ </span>Anterior
        </>
      ) : (
        <>
          Próxima<span aria-hidden="true"> ›</span>
        </>
      )}
    </button>
  );
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
      {viewing && <PhotoViewer photos={photos} index={index} onIndex={show} onClose={() => setViewing(false)} />}
    </section>
  );
}
