import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_ISSUER, type TokenSettings } from './tokens';

/**
 * Staff tokens: another audience than the members' and a key of their own derived from the server secret, so a
 * member token can never pass the painel's check nor a staff token the member API's, even if one check were
 * loosened. They carry the staff member and the painel session; whether that session still stands (30 minutes idle,
 * 10 hours in all, logout) is asked of the database on every request.
 */
export const STAFF_TOKEN_AUDIENCE = 'clube-marceneiro-painel';
const STAFF_TOKEN_TYPE = 'staff';

export interface StaffClaims {
  readonly staffId: number;
  readonly sessionId: string;
}

const keys = new WeakMap<Uint8Array, Uint8Array>();
/** HMAC(secret, purpose): the members' tokens are signed with the secret itself. */
function staffKey(secret: Uint8Array): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update('clube-painel-tokens').digest());
    keys.set(secret, key);
  }
  return key;
}

/** A token for a painel session, valid until the session's absolute end. */
export function signStaffToken(settings: TokenSettings, claims: StaffClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ typ: STAFF_TOKEN_TYPE, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.staffId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(STAFF_TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(settings.now() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(staffKey(settings.jwtSecret));
}

/** The claims of a valid staff token; throws on anything else (a member token, another key, expired, forged). */
export async function verifyStaffToken(settings: TokenSettings, token: string): Promise<StaffClaims> {
  const { payload } = await jwtVerify(token, staffKey(settings.jwtSecret), {
    algorithms: ['HS256'],
    issuer: TOKEN_ISSUER,
    audience: STAFF_TOKEN_AUDIENCE,
    currentDate: new Date(settings.now()),
    requiredClaims: ['sub', 'exp', 'iat', 'sid'],
  });
  const staffId = Number(payload.sub);
  const sessionId = payload['sid'];
  if (payload['typ'] !== STAFF_TOKEN_TYPE || !Number.isSafeInteger(staffId) || staffId <= 0) {
    throw new Error('Not a staff token');
  }
  if (typeof sessionId !== 'string' || sessionId === '') throw new Error('Not a staff token');
  return { staffId, sessionId };
}

/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;
}
