import { jwtClaims } from './jwt-claims';

export type TokenCheck = 'valid' | 'expired' | 'invalid' | 'missing';

const WARNINGS: Record<Exclude<TokenCheck, 'valid'>, string> = {
  expired: 'Expired Token',
  invalid: 'Token error',
  missing: 'Token not found',
};

/**
 * Checks that a JWT can be decoded and has not expired (its `exp` against now). The signature is the server's to
 * check; the client only needs to know whether sending the token is worth it.
 */
export function checkToken(token: string | null | undefined, now = Date.now()): TokenCheck {
  const result = classify(token, now);
  if (result !== 'valid') console.warn(WARNINGS[result]);
  return result;
}

function classify(token: string | null | undefined, now: number): TokenCheck {
  if (!token) return 'missing';
  try {
    const { exp } = jwtClaims(token);
    if (typeof exp === 'number' && exp * 1000 <= now) return 'expired';
    return 'valid';
  } catch {
    return 'invalid';
  }
}

/** Seconds until the token's `exp`, or undefined when it carries none or cannot be decoded. */
export function secondsUntilExpiry(token: string, now = Date.now()): number | undefined {
  try {
    const { exp } = jwtClaims(token);
    return typeof exp === 'number' ? Math.max(0, Math.floor(exp - now / 1000)) : undefined;
  } catch {
    return undefined;
  }
}
