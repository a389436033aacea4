/**
 * The tablet's kiosk key. It is not a member token: it only says "this tablet is the kiosk of store X", so it may
 * live in localStorage on a shared device. No member session is ever stored on a kiosk.
 */
export const KIOSK_KEY_STORAGE = 'CD_KIOSK_KEY';

export function readKioskKey(): string | null {
  try {
    return localStorage.getItem(KIOSK_KEY_STORAGE);
  } catch {
    return null;
  }
}

export function saveKioskKey(key: string): void {
  localStorage.setItem(KIOSK_KEY_STORAGE, key);
}

export function clearKioskKey(): void {
  localStorage.removeItem(KIOSK_KEY_STORAGE);
}

/** Request options of an operation made by the kiosk (lib/graphql/request.ts): its key instead of a member's token. */
export const kioskContext = (key: string) => ({ headers: { 'x-kiosk-key': key } });
