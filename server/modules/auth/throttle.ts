import { tooManyRequests } from '../../errors/api-errors';
import type { AuthThrottle } from '../../graphql/ports';
import type { LimitRule, LimiterFactory } from '../../limits/limiter-factory';

export type ThrottleRule = LimitRule;

const HOUR = 60 * 60 * 1000;

/** Per-subject limits of the code and reset flows; per-IP limits come from the config (LOGIN_ATTEMPTS_PER_IP). */
export const THROTTLE_RULES = {
  /** Codes sent for one sign-up, phone or account, whatever the cooldown. */
  codeSends: { name: 'code-sends', max: 5, windowMs: HOUR },
  /** Password-reset requests for one identifier. */
  resetRequests: { name: 'reset-requests', max: 5, windowMs: HOUR },
  /** Sign-ups started with one CPF. */
  signUps: { name: 'sign-ups', max: 5, windowMs: HOUR },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Request throttle for the auth flows, checked before any hashing or sending and counted in the club's database
 * (shared by every API process). Every call counts, so aliased operations inside one request are limited one by
 * one.
 */
export class Throttle implements AuthThrottle {
  private readonly perIp: ThrottleRule;

  constructor(
    private readonly limiters: LimiterFactory,
    ipMaxAttempts: number,
  ) {
    this.perIp = { name: 'auth-ip', max: ipMaxAttempts, windowMs: 5 * 60 * 1000 };
  }

  /**
   * Counts a guess at a secret as a failure under `rule` before it is checked, so parallel guesses cannot all slip
   * past before the first failure is written; throws TOO_MANY_REQUESTS when the key is full. Call `succeeded` on the
   * answer when the guess was right: a success does not count.
   */
  async guess(rule: ThrottleRule, key: string): Promise<{ succeeded: () => Promise<void> }> {
    const limiter = this.limiters(rule);
    if (!(await limiter.take(key)).allowed) throw tooManyRequests();
    return { succeeded: () => limiter.giveBack(key) };
  }

  /** Counts one request for `key` under `rule` and for the IP; throws TOO_MANY_REQUESTS when either is full. */
  async hit(rule: ThrottleRule, key: string, ip: string): Promise<void> {
    const forKey = this.limiters(rule);
    if (!(await forKey.take(key)).allowed) throw tooManyRequests();
    if (!(await this.limiters(this.perIp).take(ip)).allowed) {
      // Refused for the IP: the request does not use up the subject's budget.
      await forKey.giveBack(key);
      throw tooManyRequests();
    }
  }
}
