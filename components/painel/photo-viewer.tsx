'use client';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';

export interface PhotoViewerHandle {
  zoom: (step: number) => void;
  rotate: (quarterTurns: number) => void;
  fullScreen: () => void;
}

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;

/** An invoice photo with zoom, rotation and full screen, by its buttons or the page's shortcuts. */
export const PhotoViewer = forwardRef<PhotoViewerHandle, { src: string; alt: string }>(function PhotoViewer(
  { src, alt },
  ref,
) {
  const [zoomIndex, setZoomIndex] = useState(2);
  const [turns, setTurns] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const zoom = (step: number) => setZoomIndex((i) => Math.min(ZOOMS.length - 1, Math.max(0, i + step)));
  const rotate = (quarterTurns: number) => setTurns((t) => (t + quarterTurns + 4) % 4);
  const fullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.();
  };
  useImperativeHandle(ref, () => ({ zoom, rotate, fullScreen }));
  const scale = ZOOMS[zoomIndex]!;

  return (
    <figure className="painel-photo-viewer">
      <div className="painel-photo-viewer__tools" role="toolbar" aria-label="Ferramentas da foto">
        <button type="button" className="button button--secondary" onClick={() => zoom(-1)} aria-keyshortcuts="-">
          Afastar
        </button>
        <span className="painel-photo-viewer__zoom" aria-live="polite">
          {Math.round(scale * 100)}%
        </span>
        <button type="button" className="button button--secondary" onClick={() => zoom(1)} aria-keyshortcuts="+">
          Aproximar
        </button>
        <button type="button" className="button button--secondary" onClick={() => rotate(-1)} aria-keyshortcuts="[">
          Girar para a esquerda
        </button>
        <button type="button" className="button button--secondary" onClick={() => rotate(1)} aria-keyshortcuts="]">
          Girar para a direita
        </button>
        <button type="button" className="button button--secondary" onClick={fullScreen} aria-keyshortcuts="f">
          Tela cheia
        </button>
      </div>
      <div ref={frame} className="painel-photo-viewer__frame" tabIndex={0} aria-label={`${alt}: role para ver o resto`}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a signed link of the API, never optimised */}
        <img
          src={src}
          alt={alt}
          className="painel-photo-viewer__image"
          style={{ width: `${scale * 100}%`, transform: `rotate(${turns * 90}deg)` }}
        />
      </div>
    </figure>
  );
});
