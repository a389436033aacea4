'use client';
import { useMutation } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { MUpdateProfileImage } from '@/lib/profile/operations';
import { squarePhotoFile } from '@/lib/profile/photo';

/** An object URL for the blob, revoked when the blob is replaced or the component unmounts. */
function useObjectUrl(blob: Blob | null): string | null {
  const [current, setCurrent] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) {
      setCurrent(null);
      return;
    }
    const url = URL.createObjectURL(blob);
    setCurrent({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  // Never a URL of an earlier blob, even for the one render before the effect catches up.
  return current && current.blob === blob ? current.url : null;
}

/** Profile photo: pick, preview the square crop, save (a multipart upload of the JPEG); or remove. */
export function PhotoSection({ name, profileImage }: { name: string; profileImage: string | null }) {
  const inputId = useId();
  const errorId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const preview = useObjectUrl(photo);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [save, { loading }] = useMutation(MUpdateProfileImage);
  const shown = preview ?? profileImage;

  const pick = async (file: File | undefined) => {
    setError(null);
    setNotice(null);
    if (!file) return;
    try {
      setPhoto(await squarePhotoFile(file));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const send = async (file: File | null) => {
    setError(null);
    try {
      await save({ variables: { file } });
      setPhoto(null);
      setNotice(file ? 'Foto salva.' : 'Foto removida.');
    } catch (e) {
      setError(fieldErrors(e as Error)['photo'] ?? errorMessage(e as Error));
    }
  };

  return (
    <div className="photo-section">
      <div className="photo-section__avatar" aria-hidden={shown ? undefined : true}>
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element -- an object URL or an API path: next/image cannot optimise either in a static export
          <img src={shown} alt={preview ? 'Prévia da nova foto' : `Foto de ${name}`} width={96} height={96} />
        ) : (
          <span className="photo-section__initial">{name.slice(0, 1).toUpperCase()}</span>
        )}
      </div>
      <div className="photo-section__actions">
        <label className="button button--secondary" htmlFor={inputId}>
          {profileImage ? 'Trocar foto' : 'Escolher foto'}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        {photo && (
          <button type="button" className="button button--primary" disabled={loading} onClick={() => void send(photo)}>
            {loading ? 'Salvando…' : 'Salvar foto'}
          </button>
        )}
        {!photo && profileImage && (
          <button type="button" className="link-button" disabled={loading} onClick={() => void send(null)}>
            Remover foto
          </button>
        )}
        <p className="field__hint">JPG, PNG ou WebP. Cortamos no centro, em formato quadrado.</p>
        {error && (
          <p className="field__error" id={errorId} role="alert">
            {error}
          </p>
        )}
        {notice && (
          <p className="alert alert--info" role="status">
            {notice}
          </p>
        )}
      </div>
    </div>
  );
}
