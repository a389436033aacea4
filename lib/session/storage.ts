/**
 * Browser storage helpers (docs/product.md#34-browser-storage): every key carries the CD_ prefix, one localStorage
 * key per value, and a value may carry an expiry. Undecodable or expired values are removed when read.
 */

export const STORAGE_PREFIX = 'CD_';

interface StoredValue<T> {
  readonly value: T;
  /** Expiry as epoch milliseconds; absent when the value never expires. */
  readonly expiresAt?: number;
}

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can throw when the browser blocks it (private mode, disabled cookies).
    return null;
  }
}

export function storageKey(key: string): string {
  return `${STORAGE_PREFIX}${key}`;
}

/** Stores a value; `expiresInSeconds` makes it disappear after that many seconds. */
export function setStoredValue<T>(key: string, value: T, expiresInSeconds?: number, now = Date.now()): void {
  const entry: StoredValue<T> =
    expiresInSeconds === undefined ? { value } : { value, expiresAt: now + expiresInSeconds * 1000 };
  backend()?.setItem(storageKey(key), JSON.stringify(entry));
}

function isStoredValue(data: unknown): data is StoredValue<unknown> {
  if (typeof data !== 'object' || data === null || !('value' in data)) return false;
  const expiresAt = (data as { expiresAt?: unknown }).expiresAt;
  return expiresAt === undefined || typeof expiresAt === 'number';
}

/** Reads a value; returns null (and removes the key) when it is missing, undecodable or expired. */
export function getStoredValue<T>(key: string, now = Date.now()): T | null {
  const store = backend();
  const raw = store?.getItem(storageKey(key));
  if (raw === null || raw === undefined) return null;
  try {
    const data: unknown = JSON.parse(raw);
    if (!isStoredValue(data)) throw new Error('bad shape');
    if (data.expiresAt !== undefined && data.expiresAt <= now) {
      store?.removeItem(storageKey(key));
      return null;
    }
    return data.value as T;
  } catch {
    store?.removeItem(storageKey(key));
    return null;
  }
}

export function removeStoredValue(key: string): void {
  backend()?.removeItem(storageKey(key));
}

const registry = new Map<string, unknown>();

/**
 * Declares a persisted variable with its default. A key may be registered once only, so two features can never
 * silently share (and overwrite) one storage slot.
 */
export function registerPersistedVariable<T>(key: string, defaultValue: T) {
  if (registry.has(key)) throw new Error(`Persisted variable "${key}" is already registered`);
  registry.set(key, defaultValue);
  return {
    key,
    read: (now?: number): T => getStoredValue<T>(key, now) ?? defaultValue,
    write: (value: T, expiresInSeconds?: number) => setStoredValue(key, value, expiresInSeconds),
    clear: () => removeStoredValue(key),
  };
}

export type PersistedVariable<T> = ReturnType<typeof registerPersistedVariable<T>>;
