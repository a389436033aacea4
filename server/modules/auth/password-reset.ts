import { z } from 'zod';
import { passwordSchema } from '../../../common/validation/password';
import type { UserRow } from '../../db/schema';
import { badUserInput } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import { updateUser } from '../users';
import { consumeCode, issueCode, maskEmailDestination, maskPhoneDestination, RESEND_COOLDOWN_MS } from './codes';
import type { FlowDeps } from './flow-deps';
import { parseLogin } from './login-identifier';
import { hashPassword } from '../../auth/passwords';
import { findForLogin, revokeAllSessions } from './service';
import { THROTTLE_RULES } from './throttle';

export type ResetChannel = 'SMS' | 'EMAIL';

export interface ResetDestination {
  readonly channel: ResetChannel;
  readonly destination: string;
}

export const RESET_MESSAGES = {
  notFound: 'Não encontramos um cadastro com esses dados. Confira o que digitou ou cadastre-se.',
  noChannel: 'Este cadastro não tem esse meio de contato. Escolha outro.',
} as const;

const loginSchema = z
  .string()
  .trim()
  .min(1, 'Informe seu CPF, e-mail ou celular.')
  .max(254, 'Digite um CPF, e-mail ou celular válido.');

async function memberFor(deps: FlowDeps, login: string): Promise<{ user: UserRow; key: string }> {
  const { lookup, limiterKey } = parseLogin(parseInput(loginSchema, login));
  await deps.throttle.hit(THROTTLE_RULES.resetRequests, limiterKey, deps.ip);
  const user = await findForLogin(deps.db, lookup);
  if (!user || user.disabled_at !== null)
    throw badUserInput(RESET_MESSAGES.notFound, { login: RESET_MESSAGES.notFound });
  return { user, key: limiterKey };
}

function destinationsOf(user: UserRow): ResetDestination[] {
  return [
    ...(user.phone_number ? [{ channel: 'SMS' as const, destination: maskPhoneDestination(user.phone_number) }] : []),
    { channel: 'EMAIL' as const, destination: maskEmailDestination(user.email) },
  ];
}

/** Where a reset code can go for this login, masked, so the member picks the one they can read now. */
export async function passwordResetChannels(deps: FlowDeps, login: string): Promise<ResetDestination[]> {
  return destinationsOf((await memberFor(deps, login)).user);
}

/** Sends a random single-use 6-digit reset code, valid 10 minutes, to the channel the member picked. */
export async function requestPasswordReset(
  deps: FlowDeps,
  login: string,
  channel: ResetChannel,
): Promise<ResetDestination & { resendInSeconds: number }> {
  const { user } = await memberFor(deps, login);
  const to = channel === 'SMS' ? user.phone_number : user.email;
  if (!to) throw badUserInput(RESET_MESSAGES.noChannel, { channel: RESET_MESSAGES.noChannel });
  await deps.throttle.hit(THROTTLE_RULES.codeSends, `reset:${user.id}`, deps.ip);
  const code = await issueCode(deps, 'reset', String(user.id), to);
  const text = `Clube do Marceneiro: seu código para criar uma nova senha é ${code}. Vale por 10 minutos. Se não foi você, ignore.`;
  if (channel === 'SMS') await deps.messenger.sendSms(to, text);
  else await deps.messenger.sendEmail(to, 'Código para criar uma nova senha', text);
  const destination = channel === 'SMS' ? maskPhoneDestination(to) : maskEmailDestination(to);
  return { channel, destination, resendInSeconds: RESEND_COOLDOWN_MS / 1000 };
}

const resetSchema = z.object({ code: z.string().trim().max(12, 'O código tem 6 números.'), password: passwordSchema });

/**
 * Sets the new password with a valid code, ends every session of the member and does not log in: the member
 * logs in with the new password, which proves they know it.
 */
export async function resetPassword(deps: FlowDeps, login: string, input: unknown): Promise<void> {
  const { code, password } = parseInput(resetSchema, input);
  const { user } = await memberFor(deps, login);
  await consumeCode(deps, 'reset', String(user.id), code);
  const now = new Date(deps.config.now());
  const hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: hash, change_password_required: 0 }, now);
    await revokeAllSessions(trx, user.id, now);
  });
  // The code proved who the member is: wrong passwords typed before (theirs or an attacker's) no longer lock them out.
  await deps.loginLimiter.clearAccount(user.id);
}
