import { storageKey } from '../session/storage';

/**
 * The device session (docs/session-security.md#identifiers-and-storage): a random 16-byte id in hex, created on first
 * use and kept in session storage for the life of the tab, with the handshake's material beside it. Every key carries
 * the project's CD_ prefix (docs/product.md#34-browser-storage), so the id lives in `CD_MGL_SESSION_ID`.
 *
 * This module is in every route's first load (the GraphQL header link reads it), so it stays tiny: it makes the id
 * itself with getRandomValues instead of importing the envelope's crypto module.
 */

/** The header that carries the id on every GraphQL request; the same name as the envelope module's. */
export const DEVICE_SESSION_HEADER = 'x-mgl-session-id';

export const DEVICE_SESSION_KEYS = {
  sessionId: 'MGL_SESSION_ID',
  /** The vendor's public key from the login reply: with our in-memory private key it gives the shared secret. */
  remoteKey: 'MGL_REMOTE_KEY',
  /** The IV of the login reply. */
  iv: 'MGL_IV',
  /** The local index of the last document sent under this session id. */
  localIndex: 'MGL_LOCAL_INDEX',
} as const;

export type DeviceSessionKey = keyof typeof DEVICE_SESSION_KEYS;

const ID_PATTERN = /^[0-9a-f]{32}$/;

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can throw when the browser blocks it (disabled cookies); the id then lives as long as the page.
    return null;
  }
}

let memoryId: string | null = null;

export function readDeviceValue(key: DeviceSessionKey): string | null {
  try {
    return backend()?.getItem(storageKey(DEVICE_SESSION_KEYS[key])) ?? null;
  } catch {
    return null;
  }
}

export function writeDeviceValue(key: DeviceSessionKey, value: string): void {
  try {
    backend()?.setItem(storageKey(DEVICE_SESSION_KEYS[key]), value);
  } catch {
    // A full or blocked storage only costs the value surviving a reload.
  }
}

function removeDeviceValue(key: DeviceSessionKey): void {
  try {
    backend()?.removeItem(storageKey(DEVICE_SESSION_KEYS[key]));
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export function newDeviceSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const createdListeners = new Set<(sessionId: string) => void>();
const endedListeners = new Set<() => void>();

/** Called whenever a new id is made, so the handshake can run for it without waiting for a reload. */
export function onDeviceSessionCreated(listener: (sessionId: string) => void): () => void {
  createdListeners.add(listener);
  return () => createdListeners.delete(listener);
}

/** Called when the session ends, so whoever holds keys in memory drops them. */
export function onDeviceSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** The stored id, without creating one; a malformed stored value counts as none. */
export function peekDeviceSessionId(): string | null {
  // Without storage the id still has to stay the same for every request of this page.
  if (backend() === null) return memoryId;
  const stored = readDeviceValue('sessionId');
  return stored !== null && ID_PATTERN.test(stored) ? stored : null;
}

/** The current device session id, created (and stored) on first use. */
export function getDeviceSessionId(): string {
  const current = peekDeviceSessionId();
  if (current !== null) return current;
  const id = newDeviceSessionId();
  memoryId = id;
  writeDeviceValue('sessionId', id);
  for (const listener of createdListeners) listener(id);
  return id;
}

/**
 * Ends the device session (docs/session-security.md#ending-a-session): the id, the shared-secret material, the IV and
 * the index leave storage.
 */
export function endDeviceSession(): void {
  for (const key of Object.keys(DEVICE_SESSION_KEYS) as DeviceSessionKey[]) removeDeviceValue(key);
  memoryId = null;
  for (const listener of endedListeners) listener();
}
