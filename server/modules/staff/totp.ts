import { Secret, TOTP } from 'otpauth';

/**
 * The staff's second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 seconds: what every authenticator app reads from
 * the QR), with otpauth. A code is taken from the step before to the step after the server's clock, for a phone a
 * little off; which step matched is returned so the account can refuse it, and every earlier one, from then on.
 */
export const TOTP_ISSUER = 'Clube do Marceneiro';
const PERIOD_SECONDS = 30;
const WINDOW = 1;

/** 20 random bytes (160 bits, RFC 4226's recommendation) as base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, email: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: email, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

/** `otpauth://totp/Clube%20do%20Marceneiro:<e-mail>?secret=…&issuer=…`, the QR's content. */
export const otpauthUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The 30-second step of an instant. */
export const stepAt = (now: number): number => Math.floor(now / 1000 / PERIOD_SECONDS);

/** The step whose code `code` is, within one step of `now`, or null for a wrong code. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code of an instant (a person with the README's demo key and the tests compute codes the way an app does). */
export const totpCodeAt = (secret: string, now: number): string => totpOf(secret, '').generate({ timestamp: now });
