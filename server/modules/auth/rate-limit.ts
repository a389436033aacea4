import type { LoginAttempt, LoginLimiter } from '../../graphql/ports';
import type { Limiter, LimiterFactory } from '../../limits/limiter-factory';

export const IDENTIFIER_MAX_FAILURES = 5;
export const IDENTIFIER_WINDOW_MS = 15 * 60 * 1000;
export const IP_WINDOW_MS = 5 * 60 * 1000;
/**
 * Wrong passwords per account in the identifier window, whatever identifier was typed: CPF, e-mail and celular each
 * have their own 5, and without this an attacker had 15 guesses per account.
 */
export const ACCOUNT_MAX_FAILURES = 10;

/**
 * Login limiter, counted in the club's database so that every API process shares it. `begin` runs before any
 * hashing and counts the attempt as a failure up front, so concurrent guesses cannot all slip through before the
 * first one is recorded; a success takes its own count back.
 */
export class LoginRateLimiter implements LoginLimiter {
  private readonly failures: Limiter;
  private readonly attempts: Limiter;
  private readonly accountFailures: Limiter;

  constructor(limiters: LimiterFactory, ipMaxAttempts = 30) {
    this.failures = limiters({ name: 'login-failures', max: IDENTIFIER_MAX_FAILURES, windowMs: IDENTIFIER_WINDOW_MS });
    this.attempts = limiters({ name: 'login-ip', max: ipMaxAttempts, windowMs: IP_WINDOW_MS });
    this.accountFailures = limiters({
      name: 'login-account-failures',
      max: ACCOUNT_MAX_FAILURES,
      windowMs: IDENTIFIER_WINDOW_MS,
    });
  }

  /** Null when the identifier or the IP is over its limit. */
  async begin(identifierKey: string, ip: string): Promise<LoginAttempt | null> {
    if (!(await this.attempts.take(ip)).allowed) return null;
    if (!(await this.failures.take(identifierKey)).allowed) {
      // Refused for the identifier: the attempt does not use up the IP's budget.
      await this.attempts.giveBack(ip);
      return null;
    }
    return { succeeded: () => this.failures.giveBack(identifierKey) };
  }

  async beginForAccount(userId: number): Promise<LoginAttempt | null> {
    const key = String(userId);
    if (!(await this.accountFailures.take(key)).allowed) return null;
    return { succeeded: () => this.accountFailures.giveBack(key) };
  }

  async clearAccount(userId: number): Promise<void> {
    await this.accountFailures.clear(String(userId));
  }
}
