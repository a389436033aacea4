import { tooManyRequests } from '../../graphql/errors';
import { SlidingWindow } from './rate-limit';

export interface ThrottleRule {
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
}

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
 * In-memory request throttle for the auth flows, checked before any hashing or sending. Every call counts, so
 * aliased operations inside one request are limited one by one.
 */
export class Throttle {
  private readonly windows = new Map<string, SlidingWindow>();
  private readonly perIp: ThrottleRule;

  constructor(
    private readonly now: () => number,
    ipMaxAttempts: number,
  ) {
    this.perIp = { name: 'auth-ip', max: ipMaxAttempts, windowMs: 5 * 60 * 1000 };
  }

  private window(rule: ThrottleRule): SlidingWindow {
    let window = this.windows.get(rule.name);
    if (!window) {
      window = new SlidingWindow(rule.max, rule.windowMs);
      this.windows.set(rule.name, window);
    }
    return window;
  }

  /** Counts one request for `key` under `rule` and for the IP; throws TOO_MANY_REQUESTS when either is full. */
  hit(rule: ThrottleRule, key: string, ip: string): void {
    const now = this.now();
    const forKey = this.window(rule);
    const forIp = this.window(this.perIp);
    if (forKey.isFull(key, now) || forIp.isFull(ip, now)) throw tooManyRequests();
    forKey.add(key, now);
    forIp.add(ip, now);
  }
}
