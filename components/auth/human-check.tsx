'use client';
import { createElement, forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { config } from '@/lib/config';
import { HUMAN_CHECK_MESSAGE } from '@/lib/validation/human-check';

/** Where the ALTCHA challenge comes from: beside the GraphQL endpoint, wherever that is. */
const challengeUrl = (): string => new URL('/altcha/challenge', new URL(config.graphqlUrl, window.location.href)).href;

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

export interface HumanCheckHandle {
  /** The solved payload, or null while unsolved (always null when verification is off). */
  payload(): string | null;
  /** A solution is accepted once: call after every submit so the next try gets a fresh challenge. */
  reset(): void;
}

/**
 * Self-hosted human verification (ALTCHA, proof of work in the browser, in pt-BR). The widget script is loaded only
 * on the forms that need it, after the page is interactive. Renders nothing when switched off in config.
 */
export const HumanCheck = forwardRef<HumanCheckHandle, { error?: string | undefined }>(function HumanCheck(
  { error },
  ref,
) {
  const host = useRef<AltchaElement | null>(null);
  const [payload, setPayload] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useImperativeHandle(ref, () => ({
    payload: () => (config.humanVerification ? payload : null),
    reset: () => {
      setPayload(null);
      host.current?.reset?.();
    },
  }));

  useEffect(() => {
    if (!config.humanVerification) return;
    let cancelled = false;
    void Promise.all([import('altcha'), import('altcha/i18n/pt-br')]).then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!ready || !el) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      setPayload(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready]);

  if (!config.humanVerification) return null;
  return (
    <div className="human-check">
      {ready &&
        createElement('altcha-widget', {
          ref: host,
          challenge: challengeUrl(),
          language: 'pt-br',
        })}
      {!ready && <p className="muted">Preparando a verificação de segurança…</p>}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});

/**
 * The human check of one form: `take()` gives the payload to send, or null (and shows the pt-BR message) while the
 * member has not passed it; `reset()` after a refused send, since a solution is accepted once.
 */
export function useHumanCheck() {
  const ref = useRef<HumanCheckHandle>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const take = (): { altcha: string | null } | null => {
    const altcha = ref.current?.payload() ?? null;
    if (config.humanVerification && !altcha) {
      setError(HUMAN_CHECK_MESSAGE);
      return null;
    }
    setError(undefined);
    return { altcha };
  };
  return { ref, error, take, reset: () => ref.current?.reset() };
}
