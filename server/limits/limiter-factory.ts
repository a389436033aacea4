import { createHmac } from 'node:crypto';
import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import { driverOf, withLightCommits } from '../db/database';
import type { Db } from '../db/schema';

/** The table the migrations create for every limit; keys start with the limit's name. */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** At most `max` hits per key in a window of `windowMs`, counted from the key's first hit. */
export interface LimitRule {
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
}

export interface Take {
  /** False once this hit made the window hold more than `max`. */
  readonly allowed: boolean;
  /** Hits in the window, this one included. */
  readonly count: number;
  /** Until the window restarts. */
  readonly msBeforeReset: number;
}

/** One limit, counted in the club's database so that every API process sees the same numbers. */
export interface Limiter {
  readonly rule: LimitRule;
  /**
   * Counts one hit for `key` (or `hits` at once), whether or not it is allowed; the answer is about the last of them.
   */
  take(key: string, hits?: number): Promise<Take>;
  /** Takes one hit back (a login that succeeded, a hit the other limit refused). */
  giveBack(key: string): Promise<void>;
  /** Forgets every hit of `key` (a member who proved who they are with a reset code). */
  clear(key: string): Promise<void>;
}

export type LimiterFactory = (rule: LimitRule) => Limiter;

function storeLimiter(db: Db, rule: LimitRule): RateLimiterStoreAbstract {
  const options = {
    keyPrefix: rule.name,
    points: rule.max,
    duration: rule.windowMs / 1000,
    tableName: RATE_LIMITS_TABLE,
    // The migrations create the table; the library would otherwise create it asynchronously and refuse hits
    // until then.
    tableCreated: true,
    // Expired rows are deleted by the scheduled cleanup job, once for all processes, not by a timer per limit.
    clearExpiredByTimeout: false,
  };
  const driver = driverOf(db);
  return driver.dialect === 'postgres'
    ? new RateLimiterPostgres({ ...options, storeClient: driver.pool, storeType: 'pool' })
    : new RateLimiterSQLite({ ...options, storeClient: withLightCommits(driver.sqlite), storeType: 'better-sqlite3' });
}

/**
 * Limits stored in the club's database: rate-limiter-flexible's RateLimiterSQLite on the better-sqlite3 handle, or
 * RateLimiterPostgres on the pg pool, all in one table. Keys are HMACs under the server secret, so the table holds
 * no IP, CPF or e-mail and a long typed login cannot make a long key. One limiter per rule name.
 */
export function createLimiterFactory(db: Db, secret: Uint8Array): LimiterFactory {
  const keySecret = createHmac('sha256', secret).update('rate-limit-keys').digest();
  const limiters = new Map<string, Limiter>();

  return (rule) => {
    const existing = limiters.get(rule.name);
    if (existing) {
      if (existing.rule.max !== rule.max || existing.rule.windowMs !== rule.windowMs) {
        throw new Error(`Limit ${rule.name} defined twice with different numbers`);
      }
      return existing;
    }
    if (!Number.isInteger(rule.windowMs / 1000) || rule.windowMs <= 0 || !Number.isInteger(rule.max)) {
      throw new Error(`Limit ${rule.name}: the window must be whole seconds and the maximum an integer`);
    }
    const store = storeLimiter(db, rule);
    const keyOf = (key: string) =>
      createHmac('sha256', keySecret).update(rule.name).update('\0').update(key).digest('hex');
    const limiter: Limiter = {
      rule,
      async take(key, hits = 1) {
        try {
          const res = await store.consume(keyOf(key), hits);
          return { allowed: true, count: res.consumedPoints, msBeforeReset: res.msBeforeNext };
        } catch (error) {
          // The library rejects with its result when the limit is exceeded, and with an Error when the store fails.
          if (error instanceof RateLimiterRes) {
            return { allowed: false, count: error.consumedPoints, msBeforeReset: error.msBeforeNext };
          }
          throw error;
        }
      },
      async giveBack(key) {
        await store.reward(keyOf(key), 1);
      },
      async clear(key) {
        await store.delete(keyOf(key));
      },
    };
    limiters.set(rule.name, limiter);
    return limiter;
  };
}
