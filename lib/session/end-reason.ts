import { SESSION_END_KEY as KEY } from './session-end-key';

/**
 * Why the session on this device ended, when the API said (a refused refresh's `extensions.reason`, its errors kept by
 * ./session-end-key.ts across the reload that follows), said once on the login screen. Only reasons the member should
 * hear are said: an expired or reused token says nothing more than the login screen itself.
 */
export const SESSION_END_MESSAGES = {
  SESSION_ENDED_ELSEWHERE: 'Você saiu deste aparelho pelo perfil em outro aparelho.',
} as const;

export type SessionEndReason = keyof typeof SESSION_END_MESSAGES;

const isKnown = (reason: unknown): reason is SessionEndReason =>
  typeof reason === 'string' && Object.hasOwn(SESSION_END_MESSAGES, reason);

/** The message of the remembered reason, taken once; null when there is none. */
export function takeSessionEndMessage(): string | null {
  try {
    const kept = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    const errors = JSON.parse(kept ?? 'null') as { extensions?: { reason?: unknown } }[] | null;
    const reason = Array.isArray(errors) ? errors[0]?.extensions?.reason : null;
    return isKnown(reason) ? SESSION_END_MESSAGES[reason] : null;
  } catch {
    return null;
  }
}
