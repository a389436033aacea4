import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Messenger } from '../../adapters/messenger';
import type { Database } from '../../db/schema';
import { unauthenticated } from '../../graphql/errors';
import { hashToken } from './tokens';

export const EMAIL_CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;

export interface ConfirmationDeps {
  readonly db: Kysely<Database>;
  readonly messenger: Messenger;
  readonly publicUrl: string;
  readonly now: () => number;
}

/**
 * Sends `/confirmar-email#<token>` to `email`. The token sits in the hash so it never reaches a server log or a
 * Referer header; only its sha256 is stored.
 */
export async function sendEmailConfirmation(deps: ConfirmationDeps, userId: number, email: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db
    .insertInto('email_confirmations')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      email,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + EMAIL_CONFIRMATION_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${deps.publicUrl}/confirmar-email#${token}`;
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
export async function confirmEmail(deps: ConfirmationDeps, userId: number | null, token: string): Promise<boolean> {
  if (userId === null) throw unauthenticated();
  if (token.length === 0 || token.length > 200) return false;
  const now = deps.now();
  const stamp = new Date(now).toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('email_confirmations')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.user_id !== userId || row.used_at !== null || Date.parse(row.expires_at) <= now) return false;
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', row.email)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) return false;
    await trx
      .updateTable('email_confirmations')
      .set({ used_at: stamp })
      .where('token_hash', '=', row.token_hash)
      .execute();
    await trx
      .updateTable('users')
      .set({ email: row.email, email_confirmed_at: stamp, updated_at: stamp })
      .where('id', '=', userId)
      .execute();
    return true;
  });
}
