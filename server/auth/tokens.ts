import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export const TOKEN_ISSUER = 'clube-marceneiro';
export const TOKEN_AUDIENCE = 'clube-marceneiro-web';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenSettings {
  readonly jwtSecret: Uint8Array;
  readonly now: () => number;
}

export interface AccessClaims {
  readonly userId: number;
  readonly jti: string;
  /** The refresh-token family (the session, "this device") the token was issued in; null on older tokens. */
  readonly familyId: string | null;
}

export interface RefreshClaims {
  readonly userId: number;
  readonly jti: string;
  readonly familyId: string;
  readonly expiresAt: Date;
}

export interface SignedRefreshToken extends RefreshClaims {
  readonly token: string;
}

type TokenType = 'access' | 'refresh';

const seconds = (ms: number): number => Math.floor(ms / 1000);

/** Stored instead of the token so a copy of the table cannot be replayed. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function sign(settings: TokenSettings, payload: JWTPayload, userId: number, ttl: number): Promise<string> {
  const iat = seconds(settings.now());
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(settings.jwtSecret);
}

/**
 * Only the member id and token bookkeeping go in the claims: tokens sit in browser storage. `fam` names the session
 * (refresh-token family), so revoking it stops its access tokens at once.
 */
export function signAccessToken(settings: TokenSettings, userId: number, familyId?: string): Promise<string> {
  const payload = familyId ? { typ: 'access', jti: randomUUID(), fam: familyId } : { typ: 'access', jti: randomUUID() };
  return sign(settings, payload, userId, ACCESS_TOKEN_TTL_SECONDS);
}

export async function signRefreshToken(
  settings: TokenSettings,
  userId: number,
  familyId: string,
): Promise<SignedRefreshToken> {
  const jti = randomUUID();
  const token = await sign(settings, { typ: 'refresh', jti, fam: familyId }, userId, REFRESH_TOKEN_TTL_SECONDS);
  const expiresAt = new Date((seconds(settings.now()) + REFRESH_TOKEN_TTL_SECONDS) * 1000);
  return { token, userId, jti, familyId, expiresAt };
}

/**
 * The secret as a Web Crypto key, imported once per secret: given the bytes, jose imports them again on every check.
 */
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function verifyKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

/** Throws on any problem: bad signature, other algorithm, wrong issuer/audience, expired, or the other token type. */
async function verifyTyped(settings: TokenSettings, token: string, typ: TokenType): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, await verifyKey(settings.jwtSecret), {
    algorithms: ['HS256'],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    currentDate: new Date(settings.now()),
    requiredClaims: ['sub', 'jti', 'exp', 'iat'],
  });
  if (payload['typ'] !== typ) throw new Error(`Expected a ${typ} token`);
  return payload;
}

function userIdOf(payload: JWTPayload): number {
  const id = Number(payload.sub);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('Invalid subject');
  return id;
}

/** Access tokens already verified, per secret; a member's token is sent with every request for 15 minutes. */
const VERIFIED_KEPT = 5_000;
const verifiedAccess = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; exp: number }>>();

/**
 * The claims of an access token verified before and not yet expired, without waiting; undefined when it has to be
 * verified (unknown, expired or forged: verifyAccessToken tells which).
 */
export function verifiedAccessClaims(settings: TokenSettings, token: string): AccessClaims | undefined {
  const hit = verifiedAccess.get(settings.jwtSecret)?.get(token);
  return hit && hit.exp > seconds(settings.now()) ? hit.claims : undefined;
}

/**
 * The claims of a valid access token. A token verified before is not checked again, as it cannot have changed (the
 * whole token is the key, signature included): only its expiry is, against the clock, as jose does. Whether its
 * session still stands is the caller's to ask on every request.
 */
export async function verifyAccessToken(settings: TokenSettings, token: string): Promise<AccessClaims> {
  const known = verifiedAccessClaims(settings, token);
  if (known) return known;
  let kept = verifiedAccess.get(settings.jwtSecret);
  const payload = await verifyTyped(settings, token, 'access');
  const familyId = payload['fam'];
  const claims: AccessClaims = {
    userId: userIdOf(payload),
    jti: String(payload.jti),
    familyId: typeof familyId === 'string' && familyId !== '' ? familyId : null,
  };
  if (!kept) {
    kept = new Map();
    verifiedAccess.set(settings.jwtSecret, kept);
  }
  if (kept.size >= VERIFIED_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(token, { claims, exp: payload.exp! });
  return claims;
}

export async function verifyRefreshToken(settings: TokenSettings, token: string): Promise<RefreshClaims> {
  const payload = await verifyTyped(settings, token, 'refresh');
  const familyId = payload['fam'];
  if (typeof familyId !== 'string' || familyId === '' || payload.exp === undefined) {
    throw new Error('Invalid refresh token');
  }
  return {
    userId: userIdOf(payload),
    jti: String(payload.jti),
    familyId,
    expiresAt: new Date(payload.exp * 1000),
  };
}
