import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Selectable } from 'kysely';
import type { Db, PendingSignupsTable } from '../../db/schema';
import { passwordSchema } from '../../../common/validation/password';
import { cpfSchema, signUpSchema } from '../../../common/validation/sign-up-schema';
import { apiError, badUserInput } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import { createMember, findUserByCpf, findUserByEmail, findUserByPhone, updateUser } from '../users';
import { consumeCode, issueCode, maskPhoneDestination, RESEND_COOLDOWN_MS } from './codes';
import { sendEmailConfirmation } from './email-confirmation';
import type { FlowDeps } from './flow-deps';
import { issueNewSession, type TokenPair } from './service';
import * as repo from './repository';
import { requireActiveStoreSlug } from '../stores';
import { THROTTLE_RULES } from './throttle';
import { countBusiness } from '../../metrics/business';

export const PENDING_SIGNUP_TTL_MS = 24 * 60 * 60 * 1000;

export const SIGN_UP_MESSAGES = {
  cpfTaken: 'Este CPF já tem cadastro no clube. Entre com sua senha ou use "Esqueci minha senha".',
  emailTaken: 'Este e-mail já tem cadastro no clube. Entre com sua senha ou use "Esqueci minha senha".',
  phoneTaken: 'Este celular já está em outra conta do clube. Entre com sua senha ou use "Esqueci minha senha".',
  notFound: 'Este cadastro expirou ou não existe mais. Comece o cadastro de novo.',
  noPending: 'Não encontramos um cadastro em andamento com este CPF. Comece um novo cadastro.',
} as const;

export interface CreateUserResult {
  readonly signupId: string;
  readonly maskedPhone: string;
  readonly resendInSeconds: number;
}

const smsText = (code: string) =>
  `Clube do Marceneiro: seu código é ${code}. Ele vale por 10 minutos. Não o compartilhe.`;

async function sendSignUpCode(deps: FlowDeps, signupId: string, phone: string): Promise<void> {
  const code = await issueCode(deps, 'signup', signupId, phone);
  await deps.messenger.sendSms(phone, smsText(code));
}

/** Who already holds what the visitor typed; only the fields they typed are named, nothing else is revealed. */
export async function takenFields(
  deps: FlowDeps,
  cpf: string,
  email: string,
  phone: string,
): Promise<Record<string, string>> {
  const [byCpf, byEmail, byPhone] = await Promise.all([
    findUserByCpf(deps.db, cpf),
    findUserByEmail(deps.db, email),
    findUserByPhone(deps.db, phone),
  ]);
  return {
    ...(byCpf ? { cpf: SIGN_UP_MESSAGES.cpfTaken } : {}),
    ...(byEmail ? { email: SIGN_UP_MESSAGES.emailTaken } : {}),
    ...(byPhone ? { phoneNumber: SIGN_UP_MESSAGES.phoneTaken } : {}),
  };
}

export function throwIfTaken(fields: Record<string, string>): void {
  const messages = Object.values(fields);
  // The reason lets the sign-up form offer "Entrar" and "Esqueci minha senha" right there.
  if (messages.length > 0)
    throw apiError('BAD_USER_INPUT', messages[0] ?? SIGN_UP_MESSAGES.cpfTaken, { fields, reason: 'ALREADY_MEMBER' });
}

/** Step one's data, as signUpSchema gives it (the site and the kiosk parse with the same schema). */
export type SignUpData = z.output<ReturnType<typeof signUpSchema>>;

/**
 * Keeps step one as a pending sign-up: the one writer for the site and the kiosk. With `resumeOpen`, an open sign-up
 * of the same CPF is brought up to date instead of a new one started (the kiosk's queue: a customer who tries
 * again); `resumed` tells which.
 */
export async function keepPendingSignup(
  db: Db,
  data: SignUpData,
  subsidiarySlug: string | null,
  nowMs: number,
  { resumeOpen }: { resumeOpen: boolean },
): Promise<{ id: string; resumed: boolean }> {
  const stamp = new Date(nowMs).toISOString();
  const fields = {
    name: data.name,
    sur_name: data.surName,
    email: data.email,
    phone_number: data.phoneNumber,
    birth_date: data.birthDate,
    accept_email_comunications: data.acceptEmailComunications ? 1 : 0,
    accept_message_comunications: data.acceptMessageComunications ? 1 : 0,
    subsidiary_slug: subsidiarySlug,
    terms_accepted_at: stamp,
    expires_at: new Date(nowMs + PENDING_SIGNUP_TTL_MS).toISOString(),
  };
  const open = resumeOpen ? await repo.openSignupOfCpf(db, data.cpf, stamp) : undefined;
  if (open) {
    await repo.updatePendingSignup(db, open.id, fields);
    return { id: open.id, resumed: true };
  }
  const id = randomUUID();
  await repo.insertPendingSignup(db, { ...fields, id, cpf: data.cpf, created_at: stamp, completed_at: null });
  return { id, resumed: false };
}

/** Step one: checks the data, keeps it as a pending sign-up and texts a 6-digit code to the celular. */
export async function createUser(
  deps: FlowDeps,
  input: unknown,
  subsidiarySlug: string | null | undefined,
): Promise<CreateUserResult> {
  const now = deps.config.now;
  const data = parseInput(
    signUpSchema(() => new Date(now())),
    input,
  );
  const slug = subsidiarySlug ? await requireActiveStoreSlug(deps.db, subsidiarySlug) : null;
  await deps.throttle.hit(THROTTLE_RULES.signUps, data.cpf, deps.ip);
  throwIfTaken(await takenFields(deps, data.cpf, data.email, data.phoneNumber));

  const { id } = await keepPendingSignup(deps.db, data, slug, now(), { resumeOpen: false });
  await deps.throttle.hit(THROTTLE_RULES.codeSends, id, deps.ip);
  await sendSignUpCode(deps, id, data.phoneNumber);
  return {
    signupId: id,
    maskedPhone: maskPhoneDestination(data.phoneNumber),
    resendInSeconds: RESEND_COOLDOWN_MS / 1000,
  };
}

async function pendingSignup(deps: FlowDeps, signupId: string) {
  const row = await repo.findPendingSignup(deps.db, signupId.slice(0, 64));
  if (!row || row.completed_at !== null || Date.parse(row.expires_at) <= deps.config.now()) {
    throw badUserInput(SIGN_UP_MESSAGES.notFound, { signupId: SIGN_UP_MESSAGES.notFound });
  }
  return row;
}

export async function resendSignUpCode(deps: FlowDeps, signupId: string): Promise<CreateUserResult> {
  const row = await pendingSignup(deps, signupId);
  await deps.throttle.hit(THROTTLE_RULES.codeSends, row.id, deps.ip);
  await sendSignUpCode(deps, row.id, row.phone_number);
  return {
    signupId: row.id,
    maskedPhone: maskPhoneDestination(row.phone_number),
    resendInSeconds: RESEND_COOLDOWN_MS / 1000,
  };
}

const secondStepSchema = z.object({
  code: z.string().trim().max(12, 'O código tem 6 números.'),
  password: passwordSchema,
});

/**
 * Step two: the code proves the celular; the member is created with the password and logged in. The password is
 * checked before the code so a weak password does not burn a try.
 */
export async function createUserSecondStep(
  deps: FlowDeps,
  input: unknown & { signupId?: unknown },
): Promise<TokenPair> {
  const { signupId, ...rest } = parseInput(
    z.object({ signupId: z.string().max(64, SIGN_UP_MESSAGES.notFound) }).passthrough(),
    input,
  );
  const { code, password } = parseInput(secondStepSchema, rest);
  const pending = await pendingSignup(deps, signupId);
  await deps.throttle.hit({ name: 'code-checks', max: 20, windowMs: 15 * 60 * 1000 }, pending.id, deps.ip);
  await consumeCode(deps, 'signup', pending.id, code);

  return finishSignUp(deps, pending, password);
}

/**
 * Creates the member of a pending sign-up whose celular is proven (an SMS code, or a hand-off link that was texted to
 * it), sends the e-mail confirmation and opens a session.
 */
export async function finishSignUp(
  deps: FlowDeps,
  pending: Selectable<PendingSignupsTable>,
  password: string,
): Promise<TokenPair> {
  const user = await deps.db.transaction().execute(async (trx) => {
    throwIfTaken(await takenFields({ ...deps, db: trx }, pending.cpf, pending.email, pending.phone_number));
    const created = await createMember(
      trx,
      {
        name: pending.name,
        surName: pending.sur_name,
        cpf: pending.cpf,
        email: pending.email,
        password,
        phoneNumber: pending.phone_number,
        phoneVerified: true,
        birthDate: pending.birth_date,
        acceptEmailComunications: pending.accept_email_comunications === 1,
        acceptMessageComunications: pending.accept_message_comunications === 1,
        subsidiarySlug: pending.subsidiary_slug,
        accountType: 'member',
      },
      new Date(deps.config.now()),
    );
    await repo.completePendingSignup(trx, pending.id, new Date(deps.config.now()).toISOString());
    // The device session the sign-up was finished from, for the "navegador automatizado" risk rule.
    if (deps.deviceSessionId) {
      await updateUser(
        trx,
        created.id,
        { signup_device_session_id: deps.deviceSessionId },
        new Date(deps.config.now()),
      );
    }
    return created;
  });
  countBusiness.signUp();

  await sendEmailConfirmation(deps, user.id, user.email);
  return issueNewSession(deps.db, deps.config, user.id, deps.deviceSessionId ?? null);
}

/**
 * /completar-cadastro: a visitor who left after step one finds the sign-up by CPF and gets a fresh code on the
 * celular typed then (shown masked), then finishes with step two.
 */
export async function resumeSignUp(deps: FlowDeps, cpfInput: unknown): Promise<CreateUserResult> {
  const cpf = parseInput(z.object({ cpf: cpfSchema }), { cpf: cpfInput }).cpf;
  await deps.throttle.hit(THROTTLE_RULES.signUps, cpf, deps.ip);
  const row = await repo.openSignupOfCpf(deps.db, cpf, new Date(deps.config.now()).toISOString());
  if (!row || (await findUserByCpf(deps.db, cpf))) {
    throw badUserInput(SIGN_UP_MESSAGES.noPending, { cpf: SIGN_UP_MESSAGES.noPending });
  }
  return resendSignUpCode(deps, row.id);
}
