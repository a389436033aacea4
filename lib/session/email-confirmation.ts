/**
 * The token of a `/confirmar-email#<token>` link, kept until a member is loaded to confirm it
 * (docs/product.md#44-e-mail-confirmation). Session storage: it survives the login screen and a reload, not the closing
 * of the tab.
 */
const KEY = 'CD_EMAIL_CONFIRMATION_TOKEN';

/** Takes the token out of the URL hash (so it is not left in history) and keeps it. */
export function keepEmailTokenFromHash(location: Pick<Location, 'hash' | 'pathname' | 'search'>): void {
  const token = location.hash.replace(/^#/, '').trim();
  if (!token) return;
  window.sessionStorage.setItem(KEY, token);
  window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
}

export const pendingEmailToken = (): string | null => window.sessionStorage.getItem(KEY);

export const clearEmailToken = (): void => window.sessionStorage.removeItem(KEY);
