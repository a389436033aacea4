import { badUserInput } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import { changeEmailSchema, changePhoneSchema, phoneCodeSchema } from '../../../common/validation/profile-schema';
import {
  consumeCode,
  issueCode,
  maskPhoneDestination,
  secondsUntilResend,
  sendEmailConfirmation,
  THROTTLE_RULES,
} from '../auth';
import type { FlowDeps } from '../auth';
import type { ServiceDeps } from '../service-deps';
import { findUserByEmail, findUserByPhone, updateUser, requireMember } from '../users';

/** A signed-in member's flow. */
type MemberFlowDeps = FlowDeps & ServiceDeps<'userId'>;

export const CONTACT_MESSAGES = {
  phoneTaken: 'Este celular já está cadastrado em outra conta.',
  phoneSame: 'Este já é o seu celular.',
  emailTaken: 'Este e-mail já está cadastrado em outra conta.',
  emailSame: 'Este já é o seu e-mail.',
} as const;

/** New celular → SMS code (the sign-up code rules: 6 digits, 10 minutes, 30-second resend, 5 wrong tries). */
export async function requestPhoneChange(deps: MemberFlowDeps, phoneNumber: unknown) {
  const user = await requireMember(deps.db, deps.userId);
  const { phoneNumber: phone } = parseInput(changePhoneSchema, { phoneNumber });
  if (phone === user.phone_number && user.phone_verified_at !== null) {
    throw badUserInput(CONTACT_MESSAGES.phoneSame, { phoneNumber: CONTACT_MESSAGES.phoneSame });
  }
  const owner = await findUserByPhone(deps.db, phone);
  if (owner && owner.id !== user.id) {
    throw badUserInput(CONTACT_MESSAGES.phoneTaken, { phoneNumber: CONTACT_MESSAGES.phoneTaken });
  }
  const subject = String(user.id);
  // The cooldown is checked before the throttle counts, so waiting out the timer does not use up the hour's sends.
  await issueCodeAfterChecks(deps, subject, phone);
  return {
    maskedPhone: maskPhoneDestination(phone),
    resendInSeconds: await secondsUntilResend(deps, 'phone', subject),
  };
}

async function issueCodeAfterChecks(deps: FlowDeps, subject: string, phone: string): Promise<void> {
  const wait = await secondsUntilResend(deps, 'phone', subject);
  if (wait === 0) await deps.throttle.hit(THROTTLE_RULES.codeSends, `phone:${subject}`, deps.ip);
  const code = await issueCode(deps, 'phone', subject, phone);
  await deps.messenger.sendSms(
    phone,
    `Clube do Marceneiro: seu código para confirmar o celular é ${code}. Vale por 10 minutos.`,
  );
}

/** The code proves the new celular; it replaces the old one. */
export async function confirmPhoneChange(deps: MemberFlowDeps, code: unknown): Promise<void> {
  const user = await requireMember(deps.db, deps.userId);
  const parsed = parseInput(phoneCodeSchema, { code });
  const phone = await consumeCode(deps, 'phone', String(user.id), parsed.code);
  const owner = await findUserByPhone(deps.db, phone);
  if (owner && owner.id !== user.id) {
    throw badUserInput(CONTACT_MESSAGES.phoneTaken, { code: CONTACT_MESSAGES.phoneTaken });
  }
  const now = new Date(deps.config.now());
  await updateUser(
    deps.db,
    user.id,
    { phone_number: phone, phone_number_prefix: '55', phone_verified_at: now.toISOString() },
    now,
  );
}

/** Sends the confirmation link; the e-mail changes only when it is opened (confirmEmail). */
export async function requestEmailChange(deps: MemberFlowDeps, email: unknown): Promise<string> {
  const user = await requireMember(deps.db, deps.userId);
  const parsed = parseInput(changeEmailSchema, { email });
  if (parsed.email === user.email) {
    throw badUserInput(CONTACT_MESSAGES.emailSame, { email: CONTACT_MESSAGES.emailSame });
  }
  const owner = await findUserByEmail(deps.db, parsed.email);
  if (owner && owner.id !== user.id) {
    throw badUserInput(CONTACT_MESSAGES.emailTaken, { email: CONTACT_MESSAGES.emailTaken });
  }
  await deps.throttle.hit(THROTTLE_RULES.codeSends, `email:${user.id}`, deps.ip);
  await sendEmailConfirmation(deps, user.id, parsed.email);
  return parsed.email;
}
