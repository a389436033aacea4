'use client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useEffect, useRef } from 'react';
import { request } from '@/lib/graphql/request';
import { kioskContext } from '@/lib/kiosk/kiosk-key';
import { QKioskHandoff } from '@/lib/kiosk/operations';

/** How often the hand-off screen asks whether the customer's phone is done: a thank-you within a few seconds. */
export const HANDOFF_POLL_MS = 2_000;

const linkOf = (handoffUrl: string | null): string | null => {
  if (!handoffUrl) return null;
  try {
    return new URL(handoffUrl).searchParams.get('link');
  } catch {
    return null;
  }
};

/**
 * While the "Agora é no seu celular" screen is up, asks the club every HANDOFF_POLL_MS how the customer's hand-off
 * link stands, with the kiosk's key (the answer is only a state, nothing about the customer), and calls `onCompleted`
 * once the phone has finished. A closed link or a refusal ends the asking; a request lost on the store's weak signal
 * is simply asked again.
 */
export function useHandoffCompletion(
  kioskKey: string | null,
  handoffUrl: string | null,
  onCompleted: () => void,
): void {
  const completed = useRef(onCompleted);
  completed.current = onCompleted;

  useEffect(() => {
    const link = linkOf(handoffUrl);
    if (!kioskKey || !link) return;
    let stopped = false;
    let timer = 0;
    const ask = async () => {
      try {
        const { kioskHandoff } = await request(QKioskHandoff, { link }, kioskContext(kioskKey));
        if (stopped) return;
        if (kioskHandoff === 'COMPLETED') {
          completed.current();
          return;
        }
        if (kioskHandoff === 'CLOSED') return;
      } catch (error) {
        // The club answered no (a store disabled, a link of another kiosk): asking again changes nothing.
        if (stopped || CombinedGraphQLErrors.is(error)) return;
      }
      timer = window.setTimeout(() => void ask(), HANDOFF_POLL_MS);
    };
    timer = window.setTimeout(() => void ask(), HANDOFF_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [kioskKey, handoffUrl]);
}
