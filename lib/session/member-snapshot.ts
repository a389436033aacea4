import { jwtClaims } from './jwt-claims';
import { getStoredValue, removeStoredValue, setStoredValue, storageKey } from './storage';

/**
 * What a returning member saw last (their `me` and the first lists of home), kept on the device so the next visit
 * paints at once instead of showing a spinner on a weak signal. It only fills the first paint: `me` still always goes
 * to the network (docs/product.md#72-the-member-query) and its answer replaces the snapshot. It belongs to one member
 * (the `sub` of the stored tokens) and is removed on logout and whenever the API ends the session.
 */
/**
 * One key per part (`CD_MEMBER_SNAPSHOT.me`, `CD_MEMBER_SNAPSHOT.pointsSummary`…): a tab writes only the part it has.
 * Under one key for all parts, each write read the others and put them back, and another tab's part written a moment
 * before (each renderer's copy of localStorage catches up with the others' asynchronously) could be put back stale:
 * the extract kept offline from before a refund while home had the refund.
 */
const KEY = 'MEMBER_SNAPSHOT';
const partKey = (part: string) => `${KEY}.${part}`;
/** As long as a refresh token lives: a member away for longer logs in again anyway. */
const LIFETIME_SECONDS = 30 * 24 * 60 * 60;

interface StoredPart {
  readonly sub: string;
  readonly value: unknown;
  /** When the part came from the club (epoch milliseconds), for "Atualizado às…" without signal. */
  readonly savedAt?: number;
}

/** One part as the device keeps it, with when the club sent it. */
export interface SnapshotEntry<T> {
  readonly value: T;
  readonly savedAt: number | null;
}

/** The member id of the stored session's tokens (the access token, or the refresh token once it has expired). */
export function sessionSubject(tokens: { token: string | null; refreshToken: string | null }): string | null {
  for (const token of [tokens.token, tokens.refreshToken]) {
    if (!token) continue;
    try {
      const { sub } = jwtClaims(token);
      if (typeof sub === 'string' && sub !== '') return sub;
    } catch {
      // An undecodable token has no member; the next one may.
    }
  }
  return null;
}

function read(sub: string, part: string): StoredPart | null {
  const stored = getStoredValue<StoredPart>(partKey(part));
  return stored?.sub === sub && 'value' in stored ? stored : null;
}

/** One part of the snapshot (`me`, `homeCampaigns`…) of this member, or null. */
export function readSnapshotPart<T>(sub: string | null, part: string): T | null {
  if (sub === null) return null;
  return (read(sub, part)?.value as T | undefined) ?? null;
}

/** One part of this member's snapshot with the time it was saved, or null. */
export function readSnapshotEntry<T>(sub: string | null, part: string): SnapshotEntry<T> | null {
  if (sub === null) return null;
  const stored = read(sub, part);
  if (!stored || stored.value === undefined) return null;
  return { value: stored.value as T, savedAt: typeof stored.savedAt === 'number' ? stored.savedAt : null };
}

/** The snapshot's keys on this device, whoever they belong to. */
function snapshotKeys(): string[] {
  try {
    const prefix = storageKey(`${KEY}.`);
    return Object.keys(window.localStorage)
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(storageKey('').length));
  } catch {
    return [];
  }
}

/** Keeps the latest answer of one part; another member's parts are removed, never mixed in. */
export function saveSnapshotPart(sub: string | null, part: string, value: unknown, now: number = Date.now()): void {
  if (sub === null) return;
  try {
    for (const key of snapshotKeys()) {
      if (getStoredValue<StoredPart>(key)?.sub !== sub) removeStoredValue(key);
    }
    setStoredValue<StoredPart>(partKey(part), { sub, value, savedAt: now }, LIFETIME_SECONDS);
  } catch {
    // A full or blocked storage only costs the next visit its instant paint.
  }
}

export function clearMemberSnapshot(): void {
  for (const key of snapshotKeys()) removeStoredValue(key);
  // The single key of earlier versions.
  removeStoredValue(KEY);
}

/**
 * The snapshot's copy when the network answered the same thing: the page keeps the objects it painted, so React
 * has nothing to render again. Without it each identical answer (`me`, then each list of home) re-rendered the
 * member's whole page once more, a long task each on a slow phone.
 */
export function sameOrFresh<T>(remembered: T | null, fresh: T): T {
  return remembered !== null && JSON.stringify(remembered) === JSON.stringify(fresh) ? remembered : fresh;
}
