import { randomBytes } from 'node:crypto';
import { unauthenticated } from '../../errors/api-errors';
import type { ServiceDeps } from '../service-deps';
import { updateUser } from '../users';
import {
  emailHeldByOther,
  findEmailConfirmation,
  insertEmailConfirmation,
  markEmailConfirmationUsed,
} from './repository';
import { hashToken } from '../../auth/tokens';

export const EMAIL_CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;

export type ConfirmationDeps = ServiceDeps<'db' | 'messenger' | 'config'>;

/**
 * Sends `/confirmar-email#<token>` to `email`. The token sits in the hash so it never reaches a server log or a
 * Referer header; only its sha256 is stored.
 */
export async function sendEmailConfirmation(deps: ConfirmationDeps, userId: number, email: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.config.now();
  await insertEmailConfirmation(deps.db, {
    token_hash: hashToken(token),
    user_id: userId,
    email,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + EMAIL_CONFIRMATION_TTL_MS).toISOString(),
    used_at: null,
  });
  const link = `${deps.config.publicUrl}/confirmar-email#${token}`;
  await deps.messenger.sendEmail(
    email,
    'Confirme seu e-mail no Clube do Marceneiro',
    `Olá! Para confirmar este e-mail no Clube do Marceneiro, abra o link: ${link} (válido por 48 horas).`,
  );
}

/**
 * Confirms the e-mail of the signed-in member. False for an unknown, used, expired or someone else's token; the
 * e-mail on the token becomes the member's e-mail (so a change of e-mail takes effect only when confirmed).
 */
export async function confirmEmail(deps: ServiceDeps<'db' | 'config' | 'userId'>, token: string): Promise<boolean> {
  const { userId } = deps;
  if (userId === null) throw unauthenticated();
  if (token.length === 0 || token.length > 200) return false;
  const now = deps.config.now();
  const stamp = new Date(now).toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await findEmailConfirmation(trx, hashToken(token));
    if (!row || row.user_id !== userId || row.used_at !== null || Date.parse(row.expires_at) <= now) return false;
    if (await emailHeldByOther(trx, row.email, userId)) return false;
    await markEmailConfirmationUsed(trx, row.token_hash, stamp);
    await updateUser(trx, userId, { email: row.email, email_confirmed_at: stamp }, new Date(now));
    return true;
  });
}
