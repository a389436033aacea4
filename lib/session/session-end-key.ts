/**
 * Where a refused refresh's GraphQL errors wait across the reload for the login screen, which says why the session
 * ended when their `extensions.reason` is one the member should hear (lib/session/end-reason.ts). Kept as they came:
 * reading them is the login screen's work, so the Apollo links of every member page carry only this.
 */
export const SESSION_END_KEY = 'CD_SESSION_END_ERRORS';

export function rememberSessionEnd(errors: unknown): void {
  try {
    if (errors) window.sessionStorage.setItem(SESSION_END_KEY, JSON.stringify(errors));
  } catch {
    // Storage refused (private mode, full): the member is logged out all the same, without the reason.
  }
}
