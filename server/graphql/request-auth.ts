import type { FastifyRequest } from 'fastify';
import { verifyAccessToken, type TokenSettings } from '../modules/auth/tokens';

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

async function verify(request: FastifyRequest, settings: TokenSettings): Promise<RequestAuth> {
  const header = request.headers.authorization;
  const token = bearerToken(header);
  if (token === null) return { userId: null, badToken: header !== undefined && header !== '', familyId: null };
  try {
    const claims = await verifyAccessToken(settings, token);
    return { userId: claims.userId, badToken: false, familyId: claims.familyId };
  } catch {
    return { userId: null, badToken: true, familyId: null };
  }
}

const verified = new WeakMap<FastifyRequest, Promise<RequestAuth>>();

/**
 * The access token of a request, verified once: the request limit asks first (to count a member's requests as
 * theirs), the GraphQL context gets the same answer.
 */
export function requestAuth(request: FastifyRequest, settings: TokenSettings): Promise<RequestAuth> {
  let auth = verified.get(request);
  if (!auth) {
    auth = verify(request, settings);
    verified.set(request, auth);
  }
  return auth;
}
