'use client';
import type { ReactNode } from 'react';
import { Spinner } from './spinner';
import { ErrorText } from './error-text';

/**
 * What a member's own list (invoices, points entries) shows before it has items: the error when the first page
 * failed, a spinner while it loads, or the empty text. Renders nothing once items are there.
 */
export function ListStatus({
  error,
  loading,
  empty,
  loadingLabel,
  emptyText,
}: {
  error: string | null;
  loading: boolean;
  empty: boolean;
  loadingLabel: string;
  emptyText: ReactNode;
}) {
  if (error) {
    return (
      <p className="alert alert--error" role="alert">
        <ErrorText message={error} />
      </p>
    );
  }
  if (loading) return <Spinner label={loadingLabel} />;
  if (empty) return <p className="muted">{emptyText}</p>;
  return null;
}

/**
 * The button under a list that fetches older items: says "Carregando…" and stays disabled while it does, and shows
 * why the last try failed.
 */
export function OlderItemsButton({
  loading,
  error,
  onClick,
  children,
}: {
  loading: boolean;
  error: string | null;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <p className="alert alert--error" role="alert">
          <ErrorText message={error} />
        </p>
      )}
      <button type="button" className="button button--secondary button--block" onClick={onClick} disabled={loading}>
        {loading ? 'Carregando…' : children}
      </button>
    </>
  );
}
