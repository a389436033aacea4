'use client';
import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * False in the static HTML and during hydration, true once React runs the page. A form painted from the export
 * works only after that: before, a tap would submit it natively and lose it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

interface SubmitButtonProps {
  /** While the send is on its way. */
  busy?: boolean;
  /** What the button says while busy, e.g. "Entrando…". */
  busyLabel?: string;
  disabled?: boolean;
  /**
   * The form takes a send before its scripts arrive (components/auth/early-submit.tsx): the button is "Entrar" and
   * enabled in the static HTML instead of "Carregando…".
   */
  sendsBeforeScripts?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The submit button of a form that is in the static HTML: disabled, saying "Carregando…", until the page's
 * JavaScript has taken over (on a weak signal that can take many seconds after the form is painted), then
 * disabled again while the send is on its way.
 */
export function SubmitButton({
  busy = false,
  busyLabel,
  disabled = false,
  sendsBeforeScripts = false,
  className = 'button button--primary button--block',
  children,
}: SubmitButtonProps) {
  const hydrated = useHydrated() || sendsBeforeScripts;
  return (
    <button type="submit" className={className} disabled={!hydrated || busy || disabled}>
      {!hydrated ? 'Carregando…' : busy && busyLabel ? busyLabel : children}
    </button>
  );
}
