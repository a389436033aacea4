/**
 * Where the reason a session ended (a refused refresh's `extensions.reason`) waits across the reload for the login
 * screen, which says it (lib/session/end-reason.ts). Apart from the messages so that the Apollo links of every member
 * page carry only this.
 */
export const SESSION_END_KEY = 'CD_SESSION_END_REASON';

export function rememberSessionEnd(reason: unknown): void {
  if (typeof reason !== 'string') return;
  try {
    window.sessionStorage.setItem(SESSION_END_KEY, reason);
  } catch {
    // Storage refused (private mode, full): the member is logged out all the same, without the reason.
  }
}
