import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/schema';
import { signStaffToken } from '../../auth/staff-tokens';
import type { TokenSettings } from '../../auth/tokens';
import type { StaffPrincipal, StaffSessionCheck } from '../../graphql/staff-context';
import type { StaffRole } from '../../../common/painel/roles';
import { endSession, findLiveSession, insertSession, rolesOf, touchSession } from './repository';

/** A painel session ends 30 minutes after its last request… */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
/** …and 10 hours after its login, whatever happens. */
export const STAFF_SESSION_MS = 10 * 60 * 60 * 1000;
/** Activity is written at most this often: a painel screen sends a few requests at once. */
const TOUCH_EVERY_MS = 15 * 1000;

export interface StaffSessionView {
  readonly token: string;
  readonly expiresAt: string;
  readonly staff: StaffPrincipal;
}

/** A new painel session for someone who just proved who they are, and its token. */
export async function startStaffSession(
  db: Db,
  tokens: TokenSettings,
  account: { id: number; name: string; email: string; roles: readonly StaffRole[] },
  ip: string,
  now: Date,
): Promise<StaffSessionView> {
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MS);
  await insertSession(db, {
    id: sessionId,
    staffId: account.id,
    ip,
    at: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const token = await signStaffToken(tokens, { staffId: account.id, sessionId }, expiresAt);
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    staff: {
      id: account.id,
      name: account.name,
      email: account.email,
      roles: account.roles,
      sessionId,
      sessionExpiresAt: expiresAt.toISOString(),
    },
  };
}

/**
 * The painel's session check, asked on every request with a staff token: the session must not be ended, idle for 30
 * minutes or 10 hours old, and its account neither disabled nor waiting for a new authenticator. A session found
 * over is marked ended, so it never comes back. Roles are read now, so a change applies from the next request.
 */
export const checkStaffSession: StaffSessionCheck = async (db, claims, now) => {
  const row = await findLiveSession(db, claims.sessionId, claims.staffId);
  if (!row || row.ended_at !== null) return null;
  const at = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (
    row.disabled_at !== null ||
    row.totp_secret === null ||
    Date.parse(row.expires_at) <= at ||
    lastSeen + STAFF_IDLE_MS <= at
  ) {
    await endSession(db, row.id, now.toISOString());
    return null;
  }
  if (at - lastSeen >= TOUCH_EVERY_MS) await touchSession(db, row.id, now.toISOString());
  return {
    id: claims.staffId,
    name: row.name,
    email: row.email,
    roles: await rolesOf(db, claims.staffId),
    sessionId: row.id,
    sessionExpiresAt: row.expires_at,
  };
};
