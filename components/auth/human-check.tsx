'use client';
import { createElement, forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { API_PATHS } from '@/common/api-paths';
import { afterFirstInteraction, typedBeforeScripts } from '@/lib/browser/after-first-interaction';
import { config } from '@/lib/config';
import { apiHref } from '@/lib/files/api-href';
import { HUMAN_CHECK_MESSAGE } from '@/common/validation/human-check';

/** Where the ALTCHA challenge comes from: beside the GraphQL endpoint, wherever that is. */
const challengeUrl = (): string => apiHref(API_PATHS.altchaChallenge);

interface AltchaElement extends HTMLElement {
  reset?: () => void;
  getState?: () => string;
  verify?: () => Promise<{ payload: string } | null>;
}

/** Longest wait for a solve the member is waiting on; a phone solves in a second or two. */
const SOLVE_TIMEOUT_MS = 20_000;

/** The widget's script (about 32 kB on the wire), fetched once per page. */
let widgetScript: Promise<unknown> | null = null;
const loadWidgetScript = () =>
  (widgetScript ??= Promise.all([import('altcha'), import('altcha/i18n/pt-br')]).catch((error: unknown) => {
    // No signal: the next action or send tries again.
    widgetScript = null;
    throw error;
  }));

/** Resolves when `promise` does or after `ms`, whichever comes first. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);

/** Whether the form around `node` has the focus or something typed in it (before the page's scripts, perhaps). */
function formTouched(node: Element): boolean {
  const form = node.closest('form');
  return form !== null && (form.contains(document.activeElement) || typedBeforeScripts(form));
}

/** The payload of the solve already running in the widget, or null when it fails or takes too long. */
function nextSolution(el: AltchaElement): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (value: string | null) => {
      el.removeEventListener('statechange', onState);
      clearTimeout(timer);
      resolve(value);
    };
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified') done(detail.payload ?? null);
      else if (detail.state === 'error' || detail.state === 'expired') done(null);
    };
    const timer = setTimeout(() => done(null), SOLVE_TIMEOUT_MS);
    el.addEventListener('statechange', onState);
  });
}

export interface HumanCheckHandle {
  /** The solved payload, or null while unsolved (always null when verification is off). */
  payload(): string | null;
  /** The payload, solving now (or waiting for the solve under way) when there is none yet; null when it fails. */
  solve(): Promise<string | null>;
  /** A solution is accepted once: call after every submit so the next try gets a fresh challenge. */
  reset(): void;
}

/**
 * Self-hosted human verification (ALTCHA, proof of work in the browser, in pt-BR), invisible work for the member:
 * it runs when the form gets focus. The widget script is loaded only on the forms that need it, with the person's
 * first action on the page (it solves on the form's focus anyway), so it never competes with the page's load; a send
 * that comes first waits for it. Renders nothing when switched off in config.
 */
export const HumanCheck = forwardRef<HumanCheckHandle, { error?: string | undefined }>(function HumanCheck(
  { error },
  ref,
) {
  const host = useRef<AltchaElement | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const [payload, setPayload] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  // The widget's script was asked for (the person acted, or sent): only then is "Preparando…" true.
  const [started, setStarted] = useState(false);
  const startLoading = useRef<() => void>(() => undefined);
  // Settles once the widget element is on the page, for a send that came before it.
  const arrival = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  const widgetArrived = () => {
    if (!arrival.current) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      arrival.current = { promise, resolve };
    }
    return arrival.current;
  };

  useImperativeHandle(ref, () => ({
    payload: () => (config.humanVerification ? payload : null),
    solve: async () => {
      if (!config.humanVerification) return null;
      if (payload) return payload;
      if (!host.current) {
        startLoading.current();
        await within(widgetArrived().promise, SOLVE_TIMEOUT_MS);
      }
      const el = host.current as AltchaElement | null;
      if (!el?.verify) return null;
      if (el.getState?.() === 'verifying') return nextSolution(el);
      try {
        return (await el.verify())?.payload ?? null;
      } catch {
        return null;
      }
    },
    reset: () => {
      setPayload(null);
      host.current?.reset?.();
    },
  }));

  useEffect(() => {
    if (!config.humanVerification) return;
    let cancelled = false;
    const load = () => {
      setStarted(true);
      loadWidgetScript().then(
        () => {
          if (!cancelled) setReady(true);
        },
        () => undefined,
      );
    };
    startLoading.current = load;
    // Typed into before the scripts arrived: that was the first action, and no event will tell of it now.
    let stopWaiting = () => {};
    if (box.current && formTouched(box.current)) load();
    else {
      // Not at an idle moment by itself: the widget's script is one long task on a slow phone, and on /login it took
      // Lighthouse's blocking time from 457 to 781 ms (4x CPU, 3 runs each). Until the person acts, nothing on the
      // form says it is preparing (see `started`), so no message waits for them.
      stopWaiting = afterFirstInteraction(load);
    }
    return () => {
      cancelled = true;
      stopWaiting();
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
    widgetArrived().resolve();
    // The member may have touched the form before the widget arrived on a slow link: no focus will come again, so
    // the solve starts now.
    if (formTouched(el) && el.getState?.() === 'unverified') void el.verify?.().catch(() => undefined);
    return () => el.removeEventListener('statechange', onState);
  }, [ready]);

  if (!config.humanVerification) return null;
  return (
    <div className="human-check" ref={box}>
      {ready &&
        createElement('altcha-widget', {
          ref: host,
          challenge: challengeUrl(),
          language: 'pt-br',
          // Solved in the background as soon as the member touches the form, and again on the next touch after a
          // refused try: no tap on "Eu não sou um robô". The box stays as the fallback when a solve fails.
          auto: 'onfocus',
        })}
      {/* The line holds its place from the start, unseen until the script is asked for: neither showing it (under the
          finger that tapped) nor the widget taking its place moves the form. */}
      {!ready && (
        <p className={started ? 'muted' : 'muted human-check__waiting'} aria-hidden={!started}>
          Preparando a verificação de segurança…
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});

/**
 * The human check of one form: `take()` gives the payload to send, solving it first when the background solve has
 * not finished (the member never taps), or null (and shows the pt-BR message) when it cannot be solved; `reset()`
 * after a refused send, since a solution is accepted once.
 */
export function useHumanCheck() {
  const ref = useRef<HumanCheckHandle>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const take = async (): Promise<{ altcha: string | null } | null> => {
    const altcha = ref.current?.payload() ?? (config.humanVerification ? await (ref.current?.solve() ?? null) : null);
    if (config.humanVerification && !altcha) {
      setError(HUMAN_CHECK_MESSAGE);
      return null;
    }
    setError(undefined);
    return { altcha };
  };
  return { ref, error, take, reset: () => ref.current?.reset() };
}
