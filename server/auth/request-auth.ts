import type { FastifyRequest } from 'fastify';
import { verifiedAccessClaims, verifyAccessToken, type TokenSettings } from './tokens';

export interface RequestAuth {
  /** The member of a valid access token, or null. */
  readonly userId: number | null;
  /** A token was sent but failed verification (expired, forged, wrong type). */
  readonly badToken: boolean;
  /** The session (refresh-token family) of the access token, when it names one. */
  readonly familyId: string | null;
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** What a request's Authorization header says without verifying anything: undefined when a token needs checking. */
function knownAuth(request: FastifyRequest, settings: TokenSettings): RequestAuth | undefined {
  const header = request.headers.authorization;
  const token = bearerToken(header);
  if (token === null) return { userId: null, badToken: header !== undefined && header !== '', familyId: null };
  const claims = verifiedAccessClaims(settings, token);
  return claims && { userId: claims.userId, badToken: false, familyId: claims.familyId };
}

async function verify(request: FastifyRequest, settings: TokenSettings): Promise<RequestAuth> {
  const token = bearerToken(request.headers.authorization)!;
  try {
    const claims = await verifyAccessToken(settings, token);
    return { userId: claims.userId, badToken: false, familyId: claims.familyId };
  } catch {
    return { userId: null, badToken: true, familyId: null };
  }
}

const verified = new WeakMap<FastifyRequest, Promise<RequestAuth>>();

/**
 * The request's auth when it is known without waiting (no token, or a token verified on an earlier request), kept
 * for requestAuth; undefined when the token still has to be verified. The request limit asks it first, so a
 * member's usual request never waits for a promise before its handler.
 */
export function requestAuthNow(request: FastifyRequest, settings: TokenSettings): RequestAuth | undefined {
  if (verified.has(request)) return undefined;
  const auth = knownAuth(request, settings);
  if (auth) verified.set(request, Promise.resolve(auth));
  return auth;
}

/**
 * The access token of a request, verified once: the request limit asks first (to count a member's requests as
 * theirs), the GraphQL context gets the same answer.
 */
export function requestAuth(request: FastifyRequest, settings: TokenSettings): Promise<RequestAuth> {
  let auth = verified.get(request);
  if (!auth) {
    const known = knownAuth(request, settings);
    auth = known ? Promise.resolve(known) : verify(request, settings);
    verified.set(request, auth);
  }
  return auth;
}
