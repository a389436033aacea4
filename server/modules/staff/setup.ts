import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { badUserInput, notFound } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import type { StaffContext } from '../../graphql/staff-context';
import type { LimitRule } from '../../limits/limiter-factory';
import type { Db } from '../../db/schema';
import { painelRoutes } from '../../../common/painel/routes';
import { staffSetupSchema } from '../../../common/painel/schemas';
import { nowOf, type OperatorDeps } from '../service-deps';
import { recordAudit } from './audit';
import {
  endAllSessions,
  findSetupLink,
  insertSetupLink,
  revokeSetupLinks,
  rolesOf,
  updateAccount,
  useSetupLink,
} from './repository';
import { startStaffSession, type StaffSessionView } from './sessions';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

/** A set-up link lives 24 hours and works once. */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const SETUP_LINK_GONE_MESSAGE = 'Este link de ativação não vale mais. Peça um novo a um administrador.';
export const SETUP_CODE_MESSAGE =
  'Código incorreto. Confira se o horário do celular está certo e digite o código que aparece agora.';

/** Wrong first codes on one link: enough for a clock a little off, far too few to guess a code. */
const SETUP_CODE_RULE: LimitRule = { name: 'staff-setup-codes', max: 5, windowMs: 15 * 60 * 1000 };

export interface SetupLink {
  /** `<PUBLIC_URL>/painel/ativar?token=…`: shown once, to whoever hands it over. */
  readonly url: string;
  readonly expiresAt: string;
}

/**
 * A new one-time set-up link for a staff account, with the authenticator secret it enrols; earlier links of the
 * account stop working. Only the token's hash is kept.
 */
export async function createSetupLink(db: Db, deps: OperatorDeps, staffId: number): Promise<SetupLink> {
  const now = nowOf(deps);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS).toISOString();
  await revokeSetupLinks(db, staffId, now.toISOString());
  await insertSetupLink(db, {
    staffId,
    tokenHash: hashToken(token),
    totpSecret: newTotpSecret(),
    at: now.toISOString(),
    expiresAt,
  });
  return { url: `${deps.config.publicUrl}${painelRoutes.painelActivate()}?token=${token}`, expiresAt };
}

/** The link of a token while it can still be used; NOT_FOUND otherwise (unknown, used, replaced, expired). */
async function usableLink(deps: OperatorDeps, token: string) {
  const link = /^[\w-]{43}$/.test(token) ? await findSetupLink(deps.db, hashToken(token)) : undefined;
  const now = nowOf(deps).getTime();
  if (
    !link ||
    link.used_at !== null ||
    link.revoked_at !== null ||
    link.disabled_at !== null ||
    Date.parse(link.expires_at) <= now
  ) {
    throw notFound(SETUP_LINK_GONE_MESSAGE);
  }
  return link;
}

/** What the set-up page shows: whose link it is, and the authenticator's QR and secret. */
export async function readSetupLink(deps: OperatorDeps, token: string) {
  const link = await usableLink(deps, token);
  return {
    name: link.name,
    email: link.email,
    otpauthUri: otpauthUri(link.totp_secret, link.email),
    secret: link.totp_secret,
    expiresAt: link.expires_at,
  };
}

/**
 * Uses a set-up link: a password by the members' rules, and the authenticator's first code to prove the QR was
 * read. The account gets both, every earlier session ends, and the person is signed in (that code cannot be used
 * again to sign in: it proved the same three things a sign-in does).
 */
export async function redeemSetupLink(
  deps: Pick<StaffContext, 'db' | 'config' | 'limiters' | 'ip'>,
  input: { token: string; password: string; code: string },
): Promise<StaffSessionView> {
  const link = await usableLink(deps, input.token);
  const { password, code } = parseInput(staffSetupSchema, { password: input.password, code: input.code });
  const now = nowOf(deps);
  const limiter = deps.limiters(SETUP_CODE_RULE);
  const key = String(link.id);
  if (!(await limiter.take(key)).allowed) {
    throw badUserInput(SETUP_CODE_MESSAGE, { code: 'Muitos códigos errados. Aguarde 15 minutos e tente de novo.' });
  }
  const step = matchingStep(link.totp_secret, code, now.getTime());
  if (step === null) throw badUserInput(SETUP_CODE_MESSAGE, { code: SETUP_CODE_MESSAGE });
  await limiter.giveBack(key);

  const passwordHash = await hashPassword(password);
  const at = now.toISOString();
  const actor = {
    kind: 'staff' as const,
    staffId: link.staff_id,
    name: link.name,
    email: link.email,
    role: null,
    ip: deps.ip,
  };
  const used = await deps.db.transaction().execute(async (trx) => {
    if (!(await useSetupLink(trx, link.id, at))) return false;
    await updateAccount(
      trx,
      link.staff_id,
      { password_hash: passwordHash, totp_secret: link.totp_secret, totp_last_step: step },
      at,
    );
    await endAllSessions(trx, link.staff_id, at);
    await recordAudit(
      trx,
      actor,
      { action: 'staff.setup', object: { type: 'staff', id: link.staff_id, label: link.email } },
      now,
    );
    return true;
  });
  // Another request used the link first.
  if (!used) throw notFound(SETUP_LINK_GONE_MESSAGE);
  const roles = await rolesOf(deps.db, link.staff_id);
  return startStaffSession(
    deps.db,
    deps.config,
    { id: link.staff_id, name: link.name, email: link.email, roles },
    deps.ip,
    now,
  );
}
