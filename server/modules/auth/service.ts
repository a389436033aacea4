import { randomUUID } from 'node:crypto';
import type { UserRow, Db } from '../../db/schema';
import { apiError, badUserInput, forbidden, tooManyRequests, unauthenticated } from '../../errors/api-errors';
import {
  findUserByCpf,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  updateUser,
  USER_DISABLED_MESSAGE,
} from '../users';
import { passwordSchema } from '../../../common/validation/password';
import { parseInput } from '../../errors/parse-input';
import { parseLogin, type LoginLookup } from './login-identifier';
import type { ServiceDeps } from '../service-deps';
import * as repo from './repository';
import { revokeFamily } from './repository';
import { removeSessionSubscriptions } from '../notifications';
import {
  ENDED_ELSEWHERE,
  LOGGED_OUT,
  SESSION_ENDED_ELSEWHERE_MESSAGE,
  SESSION_ENDED_ELSEWHERE_REASON,
} from './session-end';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import {
  hashToken,
  signAccessToken,
  signRefreshToken,
  verifyRefreshToken,
  type RefreshClaims,
  type TokenSettings,
} from '../../auth/tokens';

export const WRONG_CREDENTIALS_MESSAGE = 'CPF, e-mail, celular ou senha incorretos.';

/** Two tabs refreshing at the same moment both present the same token; the slower one gets this long. */
export const REFRESH_GRACE_MS = 30_000;

/** argon2 pre-hashes long input, but there is no reason to accept megabytes as a password. */
const MAX_PASSWORD_LENGTH = 1024;

export type AuthDeps = ServiceDeps<'db' | 'config' | 'loginLimiter' | 'ip'> & Partial<ServiceDeps<'deviceSessionId'>>;

export interface TokenPair {
  readonly accessToken: string;
  readonly refreshToken: string;
}

export async function findForLogin(db: Db, lookup: LoginLookup): Promise<UserRow | undefined> {
  switch (lookup.kind) {
    case 'email':
      return findUserByEmail(db, lookup.email);
    case 'cpfOrPhone':
      return (await findUserByCpf(db, lookup.digits)) ?? (await findUserByPhone(db, lookup.digits));
    case 'phone':
      return findUserByPhone(db, lookup.digits);
    case 'none':
      return undefined;
  }
}

async function issuePair(
  db: Db,
  tokens: TokenSettings,
  userId: number,
  familyId: string,
  deviceSessionId: string | null,
): Promise<TokenPair> {
  const refresh = await signRefreshToken(tokens, userId, familyId);
  await repo.insertRefreshToken(db, {
    id: refresh.jti,
    user_id: userId,
    family_id: familyId,
    token_hash: hashToken(refresh.token),
    replaced_by: null,
    created_at: new Date(tokens.now()).toISOString(),
    expires_at: refresh.expiresAt.toISOString(),
    used_at: null,
    revoked_at: null,
    device_session_id: deviceSessionId,
  });
  return { accessToken: await signAccessToken(tokens, userId, familyId), refreshToken: refresh.token };
}

/**
 * A new session (a new refresh-token family) for a member who just proved who they are, tied to the device session
 * the page reported (if any).
 */
export const issueNewSession = (
  db: Db,
  tokens: TokenSettings,
  userId: number,
  deviceSessionId: string | null = null,
): Promise<TokenPair> => issuePair(db, tokens, userId, randomUUID(), deviceSessionId);

export async function login(deps: AuthDeps, loginInput: string, password: string): Promise<TokenPair> {
  const { lookup, limiterKey } = parseLogin(loginInput);
  const attempt = await deps.loginLimiter.begin(limiterKey, deps.ip);
  if (!attempt) throw tooManyRequests();

  const user = await findForLogin(deps.db, lookup);
  // Counted before the password is checked, like the identifier's count, so parallel guesses cannot slip past.
  const accountAttempt = user ? await deps.loginLimiter.beginForAccount(user.id) : null;
  if (user && !accountAttempt) {
    // The identifier's own count is not spent on a refusal it did not make.
    await attempt.succeeded();
    throw tooManyRequests();
  }
  const candidate = password.length <= MAX_PASSWORD_LENGTH ? password : '';
  // Always one argon2 verify, against a dummy hash for an unknown member, so timing does not reveal who is a member.
  const ok = (await verifyPassword(user?.password_hash ?? DUMMY_PASSWORD_HASH, candidate)) && candidate !== '';
  if (!user || !ok) throw badUserInput(WRONG_CREDENTIALS_MESSAGE);

  await attempt.succeeded();
  await accountAttempt?.succeeded();
  if (user.disabled_at !== null) throw forbidden(USER_DISABLED_MESSAGE);

  if (needsRehash(user.password_hash)) {
    await updateUser(deps.db, user.id, { password_hash: await hashPassword(password) }, new Date(deps.config.now()));
  }
  return issueNewSession(deps.db, deps.config, user.id, deps.deviceSessionId ?? null);
}

type RefreshOutcome = TokenPair | 'revoked' | 'invalid' | 'ended-elsewhere';

/**
 * Rotation with reuse detection: each refresh token works once. Presenting a used one means it was copied, so the
 * whole family dies, except for the immediately previous token within the grace window (two tabs at once).
 */
export async function refresh(deps: ServiceDeps<'db' | 'config'>, token: string): Promise<TokenPair> {
  let claims: RefreshClaims;
  try {
    claims = await verifyRefreshToken(deps.config, token);
  } catch {
    throw unauthenticated();
  }
  const now = deps.config.now();
  const stamp = new Date(now).toISOString();

  const outcome = await deps.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const row = await repo.findRefreshToken(trx, claims.jti);
    if (
      !row ||
      row.token_hash !== hashToken(token) ||
      row.user_id !== claims.userId ||
      row.family_id !== claims.familyId ||
      Date.parse(row.expires_at) <= now
    ) {
      return 'invalid';
    }
    // Only the device's own, otherwise good token learns that the member ended it from another device.
    if (row.revoked_at !== null) return row.revoked_reason === ENDED_ELSEWHERE ? 'ended-elsewhere' : 'invalid';

    const user = await findUserById(trx, row.user_id);
    if (!user || user.disabled_at !== null) {
      await revokeFamily(trx, row.family_id, stamp);
      return 'invalid';
    }

    if (row.used_at === null) {
      const pair = await issuePair(trx, deps.config, row.user_id, row.family_id, row.device_session_id);
      const successor = (await verifyRefreshToken(deps.config, pair.refreshToken)).jti;
      await repo.markRefreshTokenUsed(trx, row.id, stamp, successor);
      return pair;
    }

    const successor = row.replaced_by ? await repo.findRefreshToken(trx, row.replaced_by) : undefined;
    const withinGrace = now - Date.parse(row.used_at) < REFRESH_GRACE_MS;
    const isPrevious = successor !== undefined && successor.used_at === null && successor.revoked_at === null;
    if (withinGrace && isPrevious) {
      return issuePair(trx, deps.config, row.user_id, row.family_id, row.device_session_id);
    }

    await revokeFamily(trx, row.family_id, stamp);
    return 'revoked';
  });

  if (outcome === 'ended-elsewhere') {
    throw apiError('UNAUTHENTICATED', SESSION_ENDED_ELSEWHERE_MESSAGE, { reason: SESSION_ENDED_ELSEWHERE_REASON });
  }
  if (typeof outcome === 'string') throw unauthenticated();
  return outcome;
}

/** Ends every session of a member: used after a password change or reset, and when an account is closed. */
/** Ends every session of the member; how many were live (for the audit). */
export async function revokeAllSessions(db: Db, userId: number, at: Date): Promise<number> {
  return repo.revokeSessions(db, userId, at.toISOString());
}

/** Ends the session of this refresh token. Always succeeds: a dead or foreign token has nothing left to end. */
export async function logout(deps: ServiceDeps<'db' | 'config'>, token: string | null | undefined): Promise<void> {
  if (!token) return;
  try {
    const claims = await verifyRefreshToken(deps.config, token);
    const row = await repo.findRefreshToken(deps.db, claims.jti);
    if (row && row.token_hash === hashToken(token)) {
      await revokeFamily(deps.db, row.family_id, new Date(deps.config.now()).toISOString(), LOGGED_OUT);
      await removeSessionSubscriptions(deps.db, row.user_id, row.family_id);
    }
  } catch {
    // An expired or forged token: the session it names is already over.
  }
}

export const CURRENT_PASSWORD_MESSAGE = 'Senha atual incorreta.';

/**
 * Changes the signed-in member's password (the current one is asked unless a change is required), ends every
 * other session and returns a fresh pair for this one.
 */
export async function updatePassword(
  deps: ServiceDeps<'db' | 'config' | 'userId'>,
  currentPassword: string | null | undefined,
  newPassword: string,
): Promise<TokenPair> {
  if (deps.userId === null) throw unauthenticated();
  const user = await findUserById(deps.db, deps.userId);
  if (!user) throw unauthenticated();
  if (user.disabled_at !== null) throw forbidden(USER_DISABLED_MESSAGE);
  const password = parseInput(passwordSchema, newPassword);
  if (user.change_password_required !== 1) {
    const current = (currentPassword ?? '').slice(0, MAX_PASSWORD_LENGTH);
    if (!current || !(await verifyPassword(user.password_hash, current))) {
      throw badUserInput(CURRENT_PASSWORD_MESSAGE, { currentPassword: CURRENT_PASSWORD_MESSAGE });
    }
  }
  if (await verifyPassword(user.password_hash, password)) {
    const same = 'A nova senha precisa ser diferente da atual.';
    throw badUserInput(same, { password: same });
  }
  const now = new Date(deps.config.now());
  const hash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: hash, change_password_required: 0 }, now);
    await revokeAllSessions(trx, user.id, now);
    return issueNewSession(trx, deps.config, user.id);
  });
}
