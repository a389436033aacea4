import type { Limiter, Take } from './limiter-factory';

/** A lease never holds more hits than this, nor more than 1/LEASE_SHARE of what the window still allows. */
export const MAX_LEASE = 50;
const LEASE_SHARE = 16;
/** Keys whose leases this process keeps before it drops the ended ones (and, past twice as many, all of them). */
const KEPT_KEYS = 10_000;

interface Lease {
  /** The next hit's number in the window, and the last number this lease holds. */
  next: number;
  last: number;
  /** When the window of the database's counter ends (Date.now() time, as the library counts). */
  endsAt: number;
}

export interface LeasedLimiter {
  take(key: string): Promise<Take>;
  /** The next hit from this process's lease of the key, without waiting; null when only a write can tell. */
  takeNow(key: string): Take | null;
}

/**
 * A limit counted in the database a few hits at a time: the process takes a lease of hits in one write and hands
 * them out from memory, instead of one write per request. The lease is at most 1/16 of what the window still
 * allows (and at most MAX_LEASE), so a key far below its limit costs a write every few dozen requests, and a key
 * close to it (fewer than 32 left) is counted hit by hit, exactly as before, by every process together. What a
 * process leased and did not use still counts: a key may be refused up to that many hits early, never late. A key
 * over the limit is refused from memory until its window ends (the database already says so to every process).
 */
export function leasedLimiter(limiter: Limiter): LeasedLimiter {
  const { max } = limiter.rule;
  const leases = new Map<string, Lease>();
  const fetching = new Map<string, Promise<unknown>>();

  const fromLease = (key: string, now: number): Take | null => {
    const lease = leases.get(key);
    if (!lease || now >= lease.endsAt) return null;
    const msBeforeReset = lease.endsAt - now;
    if (lease.next <= lease.last) {
      const count = lease.next++;
      return { allowed: count <= max, count, msBeforeReset };
    }
    // At or over the limit: every further hit of the window is refused, by every process, whatever a write says.
    if (lease.last >= max) return { allowed: false, count: lease.last + 1, msBeforeReset };
    return null;
  };

  const keep = (key: string, lease: Lease, now: number) => {
    leases.delete(key);
    leases.set(key, lease);
    if (leases.size <= KEPT_KEYS) return;
    for (const [k, l] of leases) if (now >= l.endsAt) leases.delete(k);
    if (leases.size > 2 * KEPT_KEYS) leases.clear();
  };

  /** One write: a lease sized by what the last one left, or of one hit for a key this process has not seen. */
  const renew = async (key: string): Promise<Take> => {
    const now = Date.now();
    const previous = leases.get(key);
    const left = previous && now < previous.endsAt ? max - previous.last : 0;
    const size = Math.max(1, Math.min(MAX_LEASE, Math.floor(left / LEASE_SHARE)));
    const taken = await limiter.take(key, size);
    const first = taken.count - size + 1;
    const endsAt = Date.now() + taken.msBeforeReset;
    keep(key, { next: first + 1, last: taken.count, endsAt }, now);
    return { allowed: first <= max, count: first, msBeforeReset: taken.msBeforeReset };
  };

  return {
    takeNow: (key) => fromLease(key, Date.now()),
    async take(key) {
      for (;;) {
        const local = fromLease(key, Date.now());
        if (local) return local;
        // One write per key at a time; the requests that arrive meanwhile share its lease.
        const pending = fetching.get(key);
        if (pending) {
          await pending.catch(() => undefined);
          continue;
        }
        const write = renew(key).finally(() => fetching.delete(key));
        fetching.set(key, write);
        return write;
      }
    },
  };
}
