import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db, UserRow } from '../db/schema';
import type { Messenger } from '../adapters/messenger';
import type { FileStorage } from '../storage/file-storage';
import type {
  ActiveSessionMember,
  AuthThrottle,
  HumanVerifier,
  LoginLimiter,
  NfeTrustStore,
  UploadLimiter,
} from './ports';
import { SESSION_ID_HEADER, SESSION_ID_PATTERN } from '../../common/device-session/envelope';
import { requestAuth } from '../auth/request-auth';
import type { CepProvider } from '../adapters/cep';

export interface ApiContext {
  readonly db: Db;
  readonly config: AppConfig;
  readonly loginLimiter: LoginLimiter;
  readonly throttle: AuthThrottle;
  readonly uploadLimiter: UploadLimiter;
  /** Project photos a member may send in a window. */
  readonly photoLimiter: UploadLimiter;
  readonly messenger: Messenger;
  readonly humanCheck: HumanVerifier;
  /** Where members' files (invoice files, profile photos) are kept. */
  readonly storage: FileStorage;
  /** The CEP look-up (ViaCEP, or the bundled sample), built once like the messenger. */
  readonly cep: CepProvider;
  /** Whom the club trusts to sign members' NF-e XMLs. */
  readonly nfeTrust: NfeTrustStore;
  /** The member of a valid access token, or null. */
  readonly userId: number | null;
  /** A token was sent but failed verification (expired, forged, wrong type); lets resolvers tell it from no token. */
  readonly badToken: boolean;
  readonly ip: string;
  /** The `x-kiosk-key` header of an in-store kiosk (checked by the kiosk module), or null. */
  readonly kioskKey: string | null;
  /** The `x-mgl-session-id` header (the page's device session), when it is a well-formed session id. */
  readonly deviceSessionId: string | null;
  /** The session (refresh-token family) of the access token: "this device" in Aparelhos conectados. */
  readonly familyId: string | null;
  /**
   * The member's row as the session check read it when the request began (null without a session family). A query
   * may answer from it instead of reading the member again; anything after a write must read anew.
   */
  readonly sessionUser: UserRow | null;
}

export interface ContextDeps {
  readonly db: Db;
  readonly config: AppConfig;
  readonly loginLimiter: LoginLimiter;
  readonly throttle: AuthThrottle;
  readonly uploadLimiter: UploadLimiter;
  readonly photoLimiter: UploadLimiter;
  readonly messenger: Messenger;
  readonly humanCheck: HumanVerifier;
  readonly storage: FileStorage;
  readonly cep: CepProvider;
  readonly nfeTrust: NfeTrustStore;
  /** The session check of every request with a token (the device-sessions module's). */
  readonly activeSessionMember: ActiveSessionMember;
}

export async function buildContext(request: FastifyRequest, deps: ContextDeps): Promise<ApiContext> {
  const auth = await requestAuth(request, deps.config);
  let { userId, badToken } = auth;
  let sessionUser: UserRow | null = null;
  // A token of an ended session stops at once, not when it expires: one indexed lookup of its family.
  if (userId !== null && auth.familyId !== null) {
    const now = new Date(deps.config.now()).toISOString();
    sessionUser = (await deps.activeSessionMember(deps.db, auth.familyId, userId, now)) ?? null;
    if (sessionUser === null) {
      userId = null;
      badToken = true;
    }
  }
  const kioskHeader = request.headers['x-kiosk-key'];
  // A key is 43 base64url characters; anything else is no key at all.
  const kioskKey = typeof kioskHeader === 'string' && /^[\w-]{43}$/.test(kioskHeader) ? kioskHeader : null;
  const sessionHeader = request.headers[SESSION_ID_HEADER];
  const deviceSessionId =
    typeof sessionHeader === 'string' && SESSION_ID_PATTERN.test(sessionHeader) ? sessionHeader : null;
  const familyId = userId === null ? null : auth.familyId;
  // The shared parts come from the prototype: mercurius adds a dozen fields of its own to this object, and with the
  // deps copied in as well it grew past what V8 keeps as a fast object on every request.
  const context = Object.create(deps) as ApiContext & Record<string, unknown>;
  Object.assign(context, { userId, badToken, ip: request.ip, kioskKey, deviceSessionId, familyId, sessionUser });
  return context;
}
