'use client';
import { useEffect, useRef, useState } from 'react';
import { apiHref } from '@/lib/files/api-href';
import { Modal } from './modal';
import type { GalleryPhoto } from './photo-gallery';
import { counterText, StepButton } from './photo-step-button';
import { usePhotoGestures } from './use-photo-gestures';

/**
 * Full screen, one photo: on a phone a swipe passes to the previous or next one and two fingers pinch it larger
 * (use-photo-gestures.ts); a button or a double click shows it at its own size for a mouse, scrolled inside the
 * frame. Loaded when the gallery's page runs, outside its first load.
 */
export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: readonly GalleryPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  // Which photo is zoomed, so moving to another one shows it fitted again.
  const [zoomedIndex, setZoomedIndex] = useState<number | null>(null);
  const zoomed = zoomedIndex === index;
  const toggleZoom = () => setZoomedIndex(zoomed ? null : index);
  const frame = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const photo = photos[index];
  const gestures = usePhotoGestures({
    image,
    index,
    onSwipe: (direction) => {
      const next = index + direction;
      if (next >= 0 && next < photos.length) onIndex(next);
    },
  });

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
        // At its own size the photo scrolls in the frame as the browser scrolls; fitted, the fingers are ours.
        {...(zoomed ? {} : gestures.handlers)}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- static export, the API gives the size */}
        <img
          ref={image}
          className={`photo-viewer__image${gestures.touching ? '' : ' photo-viewer__image--settling'}`}
          src={apiHref(photo.url)}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          decoding="async"
          draggable={false}
          style={gestures.transform && !zoomed ? { transform: gestures.transform } : undefined}
        />
      </div>
      <div className="photo-viewer__tools">
        {photos.length > 1 && <StepButton direction={-1} index={index} total={photos.length} onStep={onIndex} />}
        <button
          type="button"
          className="button button--secondary photo-viewer__zoom"
          aria-pressed={zoomed}
          // The short word fits one line on a phone; the name says what it does.
          aria-label={zoomed ? undefined : 'Ver no tamanho real'}
          onClick={toggleZoom}
        >
          {zoomed ? 'Ajustar à tela' : 'Tamanho real'}
        </button>
        {photos.length > 1 && <StepButton direction={1} index={index} total={photos.length} onStep={onIndex} />}
      </div>
    </Modal>
  );
}
