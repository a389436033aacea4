/**
 * The staff token of this tab: session storage (it goes with the tab), under the club's CD_ prefix, never beside the
 * member's tokens in local storage. The server ends a painel session (30 minutes idle, 10 hours, logout); the
 * painel only forgets the token then, and leaves a notice for the sign-in page to show.
 */
const TOKEN_KEY = 'CD_STAFF_TOKEN';
const NOTICE_KEY = 'CD_STAFF_NOTICE';

export const SESSION_ENDED_NOTICE = 'Sua sessão terminou. Entre de novo.';
export const LOGGED_OUT_NOTICE = 'Você saiu do painel.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const staffToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;

export function keepStaffToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  storage()?.removeItem(NOTICE_KEY);
}

/** Forgets the token; `notice` is what the sign-in page says next. */
export function forgetStaffToken(notice: string | null = null): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  if (notice) store?.setItem(NOTICE_KEY, notice);
}

/** The notice left for the sign-in page, read once. */
export function takeStaffNotice(): string | null {
  const store = storage();
  const notice = store?.getItem(NOTICE_KEY) ?? null;
  store?.removeItem(NOTICE_KEY);
  return notice;
}
