/**
 * Why the session on this device ended, when the API said (a refused refresh's `extensions.reason`), kept in session
 * storage across the reload that follows, and said once on the login screen. Only reasons the member should hear
 * are said: an expired or reused token says nothing more than the login screen itself.
 */
const KEY = 'CD_SESSION_END_REASON';

export const SESSION_END_MESSAGES = {
  SESSION_ENDED_ELSEWHERE: 'Você saiu deste aparelho pelo perfil em outro aparelho.',
} as const;

export type SessionEndReason = keyof typeof SESSION_END_MESSAGES;

const isKnown = (reason: unknown): reason is SessionEndReason =>
  typeof reason === 'string' && Object.hasOwn(SESSION_END_MESSAGES, reason);

/** Kept as the API said it (the Apollo links of every member page stay small); checked when it is read. */
export function rememberSessionEnd(reason: string | null): void {
  if (!reason) return;
  try {
    window.sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage refused (private mode, full): the member is logged out all the same, without the reason.
  }
}

/** The message of the remembered reason, taken once; null when there is none. */
export function takeSessionEndMessage(): string | null {
  try {
    const reason = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return isKnown(reason) ? SESSION_END_MESSAGES[reason] : null;
  } catch {
    return null;
  }
}
