'use client';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import type { StaffProjectDetailFieldsFragment } from '@/lib/painel/operations';
import { PhotoViewer, type PhotoViewerHandle } from './photo-viewer';

type Photo = StaffProjectDetailFieldsFragment['photos'][number];

export interface ProjectGalleryHandle extends PhotoViewerHandle {
  /** Shows the photo `step` away (−1 the previous one), going round at either end. */
  step: (step: number) => void;
}

/**
 * Every photo of a project at full size, one at a time in the invoices' photo viewer (zoom, rotation, full screen),
 * with the strip of all of them below: buttons and ←/→ (the page's shortcuts) pass from one to the next.
 */
export const ProjectGallery = forwardRef<ProjectGalleryHandle, { photos: readonly Photo[]; title: string }>(
  function ProjectGallery({ photos, title }, ref) {
    const [index, setIndex] = useState(0);
    const viewer = useRef<PhotoViewerHandle>(null);
    const step = (by: number) => setIndex((i) => (i + by + photos.length) % photos.length);
    useImperativeHandle(ref, () => ({
      step,
      zoom: (by) => viewer.current?.zoom(by),
      rotate: (turns) => viewer.current?.rotate(turns),
      fullScreen: () => viewer.current?.fullScreen(),
    }));
    const photo = photos[index];
    if (!photo) return <p>Este projeto não tem fotos.</p>;
    const altOf = (i: number) => `Foto ${i + 1} de ${photos.length} do projeto “${title}”`;

    return (
      <div className="project-gallery">
        <div className="project-gallery__nav">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => step(-1)}
            disabled={photos.length < 2}
            aria-keyshortcuts="ArrowLeft"
          >
            ← Foto anterior
          </button>
          <p className="project-gallery__count" aria-live="polite">
            Foto {index + 1} de {photos.length}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => step(1)}
            disabled={photos.length < 2}
            aria-keyshortcuts="ArrowRight"
          >
            Próxima foto →
          </button>
        </div>
        <PhotoViewer key={photo.id} ref={viewer} src={photo.url} alt={altOf(index)} />
        <p className="project-gallery__size">
          {photo.width} × {photo.height} px ·{' '}
          <a href={photo.url} target="_blank" rel="noopener noreferrer">
            Abrir a foto em outra aba
          </a>
        </p>
        {photos.length > 1 && (
          <ul className="project-gallery__strip" aria-label="Todas as fotos">
            {photos.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="project-gallery__thumb"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={`Ver a foto ${i + 1} de ${photos.length}`}
                  onClick={() => setIndex(i)}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- a signed link of the API, never optimised */}
                  <img src={p.thumbnailUrl} alt="" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  },
);
