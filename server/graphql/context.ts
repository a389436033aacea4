import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import type { Messenger } from '../adapters/messenger';
import type { FileStorage } from '../storage/file-storage';
import type { LoginRateLimiter } from '../modules/auth/rate-limit';
import type { HumanVerifier } from '../modules/auth/human-verification';
import type { Throttle } from '../modules/auth/throttle';
import type { UploadLimiter } from '../modules/invoices/upload-limiter';
import { requestAuth } from './request-auth';

export interface ApiContext {
  readonly db: Kysely<Database>;
  readonly config: AppConfig;
  readonly loginLimiter: LoginRateLimiter;
  readonly throttle: Throttle;
  readonly uploadLimiter: UploadLimiter;
  /** Project photos a member may send in a window. */
  readonly photoLimiter: UploadLimiter;
  readonly messenger: Messenger;
  readonly humanCheck: HumanVerifier;
  /** Where members' files (invoice files, profile photos) are kept. */
  readonly storage: FileStorage;
  /** The member of a valid access token, or null. */
  readonly userId: number | null;
  /** A token was sent but failed verification (expired, forged, wrong type); lets resolvers tell it from no token. */
  readonly badToken: boolean;
  readonly ip: string;
  /** The `x-kiosk-key` header of an in-store kiosk (checked by the kiosk module), or null. */
  readonly kioskKey: string | null;
}

export interface ContextDeps {
  readonly db: Kysely<Database>;
  readonly config: AppConfig;
  readonly loginLimiter: LoginRateLimiter;
  readonly throttle: Throttle;
  readonly uploadLimiter: UploadLimiter;
  readonly photoLimiter: UploadLimiter;
  readonly messenger: Messenger;
  readonly humanCheck: HumanVerifier;
  readonly storage: FileStorage;
}

export async function buildContext(request: FastifyRequest, deps: ContextDeps): Promise<ApiContext> {
  const { userId, badToken } = await requestAuth(request, deps.config);
  const kioskHeader = request.headers['x-kiosk-key'];
  // A key is 43 base64url characters; anything else is no key at all.
  const kioskKey = typeof kioskHeader === 'string' && /^[\w-]{43}$/.test(kioskHeader) ? kioskHeader : null;
  return { ...deps, userId, badToken, ip: request.ip, kioskKey };
}
