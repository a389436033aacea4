/** Invoice sends one member may start in the window (retries of the same attempt included). */
export const UPLOADS_PER_WINDOW = 30;
export const UPLOAD_WINDOW_MS = 10 * 60 * 1000;

/** Sliding window per member, in memory: one process; a shared store comes with horizontal scaling. */
export class UploadLimiter {
  private readonly hits = new Map<number, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly max = UPLOADS_PER_WINDOW,
    private readonly windowMs = UPLOAD_WINDOW_MS,
  ) {}

  /** False when the member is over the limit; otherwise counts this attempt. */
  tryTake(userId: number): boolean {
    const now = this.now();
    const recent = (this.hits.get(userId) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(userId, recent);
    if (this.hits.size > 10_000) {
      for (const [key, list] of this.hits) if (list.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
    }
    return true;
  }
}

const limiters = new WeakMap<object, UploadLimiter>();

/** One limiter per app instance (keyed by its config object), so tests with their own app do not share counts. */
export function uploadLimiterFor(config: { now: () => number }): UploadLimiter {
  let limiter = limiters.get(config);
  if (!limiter) {
    limiter = new UploadLimiter(config.now);
    limiters.set(config, limiter);
  }
  return limiter;
}
