export const IDENTIFIER_MAX_FAILURES = 5;
export const IDENTIFIER_WINDOW_MS = 15 * 60 * 1000;
export const IP_WINDOW_MS = 5 * 60 * 1000;

/** Sliding window of timestamps per key. In memory: one process; a shared store comes with horizontal scaling. */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  isFull(key: string, now: number): boolean {
    return this.recent(key, now).length >= this.max;
  }

  add(key: string, now: number): void {
    this.hits.set(key, [...this.recent(key, now), now]);
    // Forgotten keys would grow the map forever under a spraying attack; sweep when it gets large.
    if (this.hits.size > 10_000) for (const k of [...this.hits.keys()]) this.recent(k, now);
  }

  removeOne(key: string, at: number): void {
    const list = this.hits.get(key);
    if (!list) return;
    const index = list.lastIndexOf(at);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) this.hits.delete(key);
  }
}

export interface LoginAttempt {
  /** Call after a successful login: the attempt no longer counts as a failure for the identifier. */
  succeeded(): void;
}

/**
 * Login limiter. `begin` runs before any hashing and counts the attempt as a failure up front, so concurrent
 * guesses cannot all slip through before the first one is recorded; a success takes its own count back.
 */
export class LoginRateLimiter {
  private readonly failures = new SlidingWindow(IDENTIFIER_MAX_FAILURES, IDENTIFIER_WINDOW_MS);
  private readonly attempts: SlidingWindow;

  constructor(
    private readonly now: () => number,
    ipMaxAttempts = 30,
  ) {
    this.attempts = new SlidingWindow(ipMaxAttempts, IP_WINDOW_MS);
  }

  /** Null when the identifier or the IP is over its limit. */
  begin(identifierKey: string, ip: string): LoginAttempt | null {
    const now = this.now();
    if (this.attempts.isFull(ip, now) || this.failures.isFull(identifierKey, now)) return null;
    this.attempts.add(ip, now);
    this.failures.add(identifierKey, now);
    return { succeeded: () => this.failures.removeOne(identifierKey, now) };
  }
}
