import { jwtClaims } from './jwt-claims';
import { getStoredValue, removeStoredValue, setStoredValue } from './storage';

/**
 * What a returning member saw last (their `me` and the first lists of home), kept on the device so the next visit
 * paints at once instead of showing a spinner on a weak signal. It only fills the first paint: `me` still always goes
 * to the network (docs/product.md#72-the-member-query) and its answer replaces the snapshot. It belongs to one member
 * (the `sub` of the stored tokens) and is removed on logout and whenever the API ends the session.
 */
const KEY = 'MEMBER_SNAPSHOT';
/** As long as a refresh token lives: a member away for longer logs in again anyway. */
const LIFETIME_SECONDS = 30 * 24 * 60 * 60;

interface Snapshot {
  readonly sub: string;
  readonly parts: Record<string, unknown>;
  /** When each part last came from the club (epoch milliseconds), for "Atualizado às…" without signal. */
  readonly savedAt?: Record<string, number>;
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

function read(sub: string): Snapshot | null {
  const snapshot = getStoredValue<Snapshot>(KEY);
  return snapshot?.sub === sub && typeof snapshot.parts === 'object' ? snapshot : null;
}

/** One part of the snapshot (`me`, `homeCampaigns`…) of this member, or null. */
export function readSnapshotPart<T>(sub: string | null, part: string): T | null {
  if (sub === null) return null;
  return (read(sub)?.parts[part] as T | undefined) ?? null;
}

/** One part of this member's snapshot with the time it was saved, or null. */
export function readSnapshotEntry<T>(sub: string | null, part: string): SnapshotEntry<T> | null {
  if (sub === null) return null;
  const snapshot = read(sub);
  const value = snapshot?.parts[part] as T | undefined;
  if (value === undefined) return null;
  const savedAt = snapshot?.savedAt?.[part];
  return { value, savedAt: typeof savedAt === 'number' ? savedAt : null };
}

/** Keeps the latest answer of one part; another member's snapshot is replaced, never mixed in. */
export function saveSnapshotPart(sub: string | null, part: string, value: unknown, now: number = Date.now()): void {
  if (sub === null) return;
  const snapshot = read(sub);
  const parts = { ...snapshot?.parts, [part]: value };
  const savedAt = { ...snapshot?.savedAt, [part]: now };
  try {
    setStoredValue<Snapshot>(KEY, { sub, parts, savedAt }, LIFETIME_SECONDS);
  } catch {
    // A full or blocked storage only costs the next visit its instant paint.
  }
}

export function clearMemberSnapshot(): void {
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
