'use client';
import { useId, type ChangeEvent } from 'react';
import { PROJECT_PHOTO_ACCEPT, PROJECT_PHOTOS_MAX } from '@/common/projects/limits';
import type { PhotoItem } from './use-photo-queue';

function statusText(photo: PhotoItem): string {
  switch (photo.status) {
    case 'preparing':
      return 'Preparando a foto…';
    case 'uploading': {
      const percent = `Enviando ${Math.round(photo.progress * 100)}%`;
      return photo.secondsLeft !== null && photo.secondsLeft > 0
        ? `${percent} · falta${photo.secondsLeft > 1 ? 'm' : ''} ${photo.secondsLeft} s`
        : percent;
    }
    case 'failed':
      return photo.error ?? 'A foto não foi enviada.';
    case 'waiting':
      return 'Aguardando sinal';
    case 'done':
      return 'Foto enviada';
  }
}

/**
 * The photos of a project: picked from the gallery or the camera, previewed, each with its own progress and retry,
 * reordered with buttons (the first is the cover) and removable.
 */
export function ProjectPhotoPicker({
  photos,
  errors,
  disabled,
  onPick,
  onRetry,
  onRemove,
  onMove,
}: {
  photos: readonly PhotoItem[];
  errors: readonly string[];
  disabled: boolean;
  onPick: (files: File[]) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
  onMove: (from: number, to: number) => void;
}) {
  const inputId = useId();
  const cameraId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const full = photos.length >= PROJECT_PHOTOS_MAX;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    if (files.length > 0) onPick(files);
  };
  return (
    <div className="project-photos">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Fotos do projeto
        </label>
        <p className="field__hint" id={hintId}>
          De 1 a {PROJECT_PHOTOS_MAX} fotos (JPEG, PNG, WebP ou HEIC, até 10 MB cada). A primeira é a capa.
        </p>
        {/* Both inputs stay hidden behind big labels styled as buttons: the browser's own file input is a small
            grey button and a "no file chosen" line in the browser's language. */}
        <div className="project-photos__buttons">
          <div className="project-photos__button">
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              multiple
              accept={PROJECT_PHOTO_ACCEPT}
              onChange={pick}
              disabled={disabled || full}
              aria-invalid={errors.length > 0 ? true : undefined}
              aria-describedby={[hintId, errors.length > 0 ? errorId : ''].filter(Boolean).join(' ')}
            />
            <label className="button button--primary button--block" htmlFor={inputId}>
              {photos.length > 0 ? 'Escolher mais fotos' : 'Escolher fotos'}
            </label>
          </div>
          {/* On a phone the camera opens straight away. */}
          <div className="project-photos__button">
            <input
              id={cameraId}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              onChange={pick}
              disabled={disabled || full}
            />
            <label className="button button--secondary button--block" htmlFor={cameraId}>
              Tirar foto com a câmera
            </label>
          </div>
        </div>
        {full && <p className="muted">Você já escolheu {PROJECT_PHOTOS_MAX} fotos, o máximo de um projeto.</p>}
      </div>
      {errors.length > 0 && (
        // The alert wraps the list: a list with the alert role would leave its items outside any list.
        <div id={errorId} role="alert">
          <ul className="field__error project-photos__errors">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {photos.length > 0 && (
        <ol className="project-photos__list" aria-label="Fotos escolhidas">
          {photos.map((photo, index) => {
            const label = `Foto ${index + 1}${index === 0 ? ' (capa)' : ''}`;
            return (
              <li key={photo.key} className={`project-photo project-photo--${photo.status}`}>
                {photo.preview ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a data URL made in the browser
                  <img
                    className="project-photo__preview"
                    src={photo.preview}
                    alt={label}
                    width={photo.width || 240}
                    height={photo.height || 180}
                  />
                ) : (
                  <span className="project-photo__preview project-photo__preview--none" aria-hidden="true" />
                )}
                <div className="project-photo__body">
                  <p className="project-photo__name">
                    <strong>{label}</strong> <span className="muted">{photo.name}</span>
                  </p>
                  <p
                    className={photo.status === 'failed' ? 'field__error' : 'muted'}
                    role={photo.status === 'failed' ? 'alert' : undefined}
                  >
                    {photo.status === 'waiting' ? <strong>{statusText(photo)}</strong> : statusText(photo)}
                  </p>
                  {photo.status === 'waiting' && photo.error && <p className="muted">{photo.error}</p>}
                  {photo.status === 'uploading' && (
                    <progress
                      className="project-photo__progress"
                      max={100}
                      value={Math.round(photo.progress * 100)}
                      aria-label={`Envio da ${label.toLowerCase()}`}
                    />
                  )}
                  <div className="project-photo__actions">
                    {photo.status === 'failed' && (
                      <button type="button" className="button button--primary" onClick={() => onRetry(photo.key)}>
                        Tentar de novo
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => onMove(index, index - 1)}
                      disabled={disabled || index === 0}
                      aria-label={`Mover ${label.toLowerCase()} para antes`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => onMove(index, index + 1)}
                      disabled={disabled || index === photos.length - 1}
                      aria-label={`Mover ${label.toLowerCase()} para depois`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => onRemove(photo.key)}
                      disabled={disabled}
                      aria-label={`Remover ${label.toLowerCase()}`}
                    >
                      Remover
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
