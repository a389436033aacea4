'use client';
import type { ReactNode } from 'react';
import { Spinner } from '../ui/spinner';

/** "Carregar mais" under a list: announces how many are shown and keeps focus on the button while loading. */
export function LoadMore({
  shown,
  total,
  loading,
  onLoadMore,
  noun,
}: {
  shown: number;
  total: number;
  loading: boolean;
  onLoadMore: () => void;
  noun: string;
}): ReactNode {
  return (
    <div className="load-more">
      <p className="muted" aria-live="polite">
        Mostrando {shown} de {total} {noun}
      </p>
      {shown < total &&
        (loading ? (
          <Spinner label="Carregando mais" />
        ) : (
          <button type="button" className="button button--secondary" onClick={onLoadMore}>
            Carregar mais
          </button>
        ))}
    </div>
  );
}
