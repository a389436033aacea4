import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { passwordSchema } from '../../../common/validation/password';
import { signUpSchema } from '../../../common/validation/sign-up-schema';
import { apiError, badUserInput, notFound, tooManyRequests } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import {
  maskPhoneDestination,
  finishSignUp,
  keepPendingSignup,
  SIGN_UP_MESSAGES,
  takenFields,
  throwIfTaken,
  THROTTLE_RULES,
} from '../auth';
import type { FlowDeps, TokenPair } from '../auth';
import { hashToken } from '../../auth/tokens';
import { nowOf, type OperatorDeps, type ServiceDeps } from '../service-deps';
import { routes } from '../../../common/routes';
import { recordAudit, type AuditActor } from '../staff';
import { findStoreBySlug, requireStore, storeView, type StoreView } from '../stores';
import { findUserByCpf } from '../users';
import * as repo from './repository';

type KioskDeps = FlowDeps & ServiceDeps<'kioskKey'>;

/** Set-up codes: 8 characters without look-alikes (no I, O, 0, 1), typed by an attendant on a tablet. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const KIOSK_CODE_LENGTH = 8;
export const KIOSK_CODE_TTL_MS = 30 * 60 * 1000;
export const HANDOFF_TTL_MS = 24 * 60 * 60 * 1000;
/** A queue at a counter is a few customers a minute at most; more than this from one kiosk is not a queue. */
export const KIOSK_SIGN_UPS_PER_HOUR = 60;
const KIOSK_SIGN_UPS = { name: 'kiosk-sign-ups', max: KIOSK_SIGN_UPS_PER_HOUR, windowMs: 60 * 60 * 1000 } as const;
/**
 * A set-up code is a credential (its kiosk key signs people up without the human check), so wrong codes from one
 * address are limited like every other guessable secret of the club, across all API processes.
 */
export const KIOSK_ACTIVATION_FAILURES = {
  name: 'kiosk-activation-failures',
  max: 10,
  windowMs: 15 * 60 * 1000,
} as const;

export const KIOSK_MESSAGES = {
  // The club's team makes the set-up codes in the painel (Lojas) and hands them to the store.
  badCode: 'Código inválido ou vencido. Peça um novo código à equipe do Clube do Marceneiro.',
  notSetUp: 'Este totem não está configurado. Peça um código à equipe do Clube do Marceneiro.',
  storeDisabled: 'Esta loja não está mais ativa no clube e o totem foi desligado. Fale com a gerência da loja.',
  tooMany: 'Muitos cadastros neste totem na última hora. Aguarde alguns minutos.',
  linkGone:
    'Este link expirou ou já foi usado. Se você já criou sua senha, entre no clube; se não, faça o cadastro de novo.',
} as const;

const kioskError = (reason: 'KIOSK_INVALID' | 'STORE_DISABLED') =>
  apiError('FORBIDDEN', reason === 'KIOSK_INVALID' ? KIOSK_MESSAGES.notSetUp : KIOSK_MESSAGES.storeDisabled, {
    reason,
  });

const newCode = () =>
  Array.from({ length: KIOSK_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
/** What an attendant types: any case, spaces or hyphens. */
const normalizeCode = (code: string) =>
  code
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 32);

export const storeDisabledForKiosk = (slug: string) =>
  `A loja ${slug} está desativada; reative-a antes de configurar um totem.`;

export interface KioskCode {
  readonly code: string;
  readonly expiresAt: Date;
  /** /totem with the code, which sets the tablet up at once: what the QR carries. */
  readonly url: string;
}

/**
 * A one-time code (30 minutes) that sets a tablet up as a kiosk of the store, from the painel ("Criar código do
 * totem") or `npm run stores -- kiosk <slug>`. Audited without the code itself: only its hash is kept.
 */
export async function createKioskCode(deps: OperatorDeps, actor: AuditActor, slug: string): Promise<KioskCode> {
  const { db } = deps;
  const now = nowOf(deps);
  const store = await requireStore(db, slug);
  if (store.active !== 1) throw badUserInput(storeDisabledForKiosk(store.slug ?? slug));
  const code = newCode();
  const expiresAt = new Date(now.getTime() + KIOSK_CODE_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await repo.insertKioskCode(trx, hashToken(code), store.id, expiresAt.toISOString());
    await recordAudit(
      trx,
      actor,
      {
        action: 'kiosk.code',
        object: { type: 'store', id: store.slug ?? slug, label: store.name },
        after: { expiresAt: expiresAt.toISOString() },
      },
      now,
    );
  });
  return { code, expiresAt, url: `${deps.config.publicUrl}${routes.totem()}?codigo=${code}` };
}

export async function activateKiosk(
  deps: ServiceDeps<'db' | 'config' | 'throttle' | 'ip'>,
  code: string,
  previousKey: string | null | undefined,
): Promise<{ key: string; store: StoreView }> {
  const now = new Date(deps.config.now()).toISOString();
  const guess = await deps.throttle.guess(KIOSK_ACTIVATION_FAILURES, deps.ip);
  const storeId = await repo.consumeKioskCode(deps.db, hashToken(normalizeCode(code)), now);
  if (storeId === null) throw badUserInput(KIOSK_MESSAGES.badCode, { code: KIOSK_MESSAGES.badCode });
  await guess.succeeded();
  const store = await repo.findStoreById(deps.db, storeId);
  if (!store || store.active !== 1) throw kioskError('STORE_DISABLED');
  const key = randomBytes(32).toString('base64url');
  await repo.insertKiosk(deps.db, { id: randomUUID(), store_id: store.id, key_hash: hashToken(key), created_at: now });
  // A new code replaces the tablet's setting: its old key stops working.
  if (previousKey) await repo.revokeKioskByKey(deps.db, hashToken(previousKey.slice(0, 100)), now);
  return { key, store: storeView(store) };
}

/**
 * The kiosk of the request's key and its store, or the error the kiosk screen acts on. `touch` notes when it was last
 * seen; the hand-off screen's polling does not, so a waiting kiosk does not write every few seconds.
 */
export async function requireKiosk(deps: ServiceDeps<'db' | 'config' | 'kioskKey'>, { touch = true } = {}) {
  if (!deps.kioskKey) throw kioskError('KIOSK_INVALID');
  const kiosk = await repo.findKioskByKey(deps.db, hashToken(deps.kioskKey));
  if (!kiosk) throw kioskError('KIOSK_INVALID');
  if (kiosk.active !== 1) throw kioskError('STORE_DISABLED');
  if (touch) await repo.touchKiosk(deps.db, kiosk.kioskId, new Date(deps.config.now()).toISOString());
  return { kioskId: kiosk.kioskId, store: storeView(kiosk) };
}

export async function kioskSetup(deps: ServiceDeps<'db' | 'config' | 'kioskKey'>) {
  const { store } = await requireKiosk(deps);
  return { key: deps.kioskKey ?? '', store };
}

export interface KioskSignUpResult {
  status: 'SENT' | 'ALREADY_MEMBER';
  maskedPhone: string | null;
  handoffUrl: string | null;
  resumed: boolean;
}

/**
 * Step one at the counter, linked to the kiosk's store. The kiosk proves itself with its key instead of a
 * per-customer challenge, and is limited per hour. The customer never types a password here: an SMS carries a link
 * to finish on their own phone (the same link goes in a QR on screen). A CPF with a sign-up already started resumes
 * it; a CPF that is already a member is told so and nothing else.
 */
export async function kioskSignUp(deps: KioskDeps, input: unknown): Promise<KioskSignUpResult> {
  const kiosk = await requireKiosk(deps);
  const nowMs = deps.config.now();
  const data = parseInput(
    signUpSchema(() => new Date(nowMs)),
    input,
  );
  try {
    await deps.throttle.hit(KIOSK_SIGN_UPS, kiosk.kioskId, deps.ip);
  } catch {
    throw tooManyRequests(KIOSK_MESSAGES.tooMany);
  }
  await deps.throttle.hit(THROTTLE_RULES.signUps, data.cpf, deps.ip);
  if (await findUserByCpf(deps.db, data.cpf)) {
    return { status: 'ALREADY_MEMBER', maskedPhone: null, handoffUrl: null, resumed: false };
  }
  const taken = await takenFields(deps, data.cpf, data.email, data.phoneNumber);
  throwIfTaken(taken);

  const stamp = new Date(nowMs).toISOString();
  const { id: signupId, resumed } = await keepPendingSignup(deps.db, data, kiosk.store.slug, nowMs, {
    resumeOpen: true,
  });
  // Only the newest link of a resumed sign-up works.
  if (resumed) await repo.retireHandoffLinks(deps.db, signupId, stamp);
  const token = randomBytes(32).toString('base64url');
  await repo.insertHandoffLink(deps.db, {
    token_hash: hashToken(token),
    signup_id: signupId,
    kiosk_id: kiosk.kioskId,
    created_at: stamp,
    expires_at: new Date(nowMs + HANDOFF_TTL_MS).toISOString(),
    used_at: null,
  });
  const handoffUrl = `${deps.config.publicUrl}/completar-cadastro?link=${token}`;
  await deps.messenger.sendSms(
    data.phoneNumber,
    `Clube do Marceneiro: termine seu cadastro no seu celular criando sua senha: ${handoffUrl} (vale 24 horas).`,
  );
  return { status: 'SENT', maskedPhone: maskPhoneDestination(data.phoneNumber), handoffUrl, resumed };
}

const linkSchema = z.string().regex(/^[\w-]{43}$/, KIOSK_MESSAGES.linkGone);

async function liveHandoff(deps: ServiceDeps<'db' | 'config'>, link: string) {
  const parsed = linkSchema.safeParse(link);
  const row = parsed.success
    ? await repo.findLiveHandoff(deps.db, hashToken(parsed.data), new Date(deps.config.now()).toISOString())
    : undefined;
  if (!row) throw badUserInput(KIOSK_MESSAGES.linkGone, { link: KIOSK_MESSAGES.linkGone });
  return row;
}

/** What the customer's phone shows before asking for the password: whose sign-up, and from which store. */
export async function handoffSignUp(deps: ServiceDeps<'db' | 'config'>, link: string) {
  const pending = await liveHandoff(deps, link);
  const store = pending.subsidiary_slug ? await findStoreBySlug(deps.db, pending.subsidiary_slug) : undefined;
  return {
    name: pending.name,
    maskedPhone: maskPhoneDestination(pending.phone_number),
    store: store ? storeView(store) : null,
  };
}

export type KioskHandoffState = 'WAITING' | 'COMPLETED' | 'CLOSED';

/**
 * Where a hand-off this kiosk made stands, asked every few seconds by the "Agora é no seu celular" screen so it thanks
 * the customer and clears itself once the phone is done. Only the kiosk that made the link may ask (another kiosk's or
 * an unknown link is the same NOT_FOUND), and the answer says nothing about the customer.
 */
export async function kioskHandoffState(
  deps: ServiceDeps<'db' | 'config' | 'kioskKey'>,
  link: string,
): Promise<KioskHandoffState> {
  const kiosk = await requireKiosk(deps, { touch: false });
  const parsed = linkSchema.safeParse(link);
  const row = parsed.success ? await repo.findHandoffState(deps.db, hashToken(parsed.data)) : undefined;
  if (!row || row.kiosk_id !== kiosk.kioskId) throw notFound('Cadastro não encontrado neste totem.');
  if (row.completed_at !== null) return 'COMPLETED';
  if (row.used_at !== null || Date.parse(row.expires_at) <= deps.config.now()) return 'CLOSED';
  return 'WAITING';
}

/** The link was texted to the celular, so opening it proves the celular: only the password is asked. Works once. */
export async function completeHandoff(deps: FlowDeps, link: string, password: string): Promise<TokenPair> {
  const pending = await liveHandoff(deps, link);
  const checked = parseInput(z.object({ password: passwordSchema }), { password });
  await deps.throttle.hit({ name: 'handoff-checks', max: 20, windowMs: 15 * 60 * 1000 }, pending.id, deps.ip);
  if (await findUserByCpf(deps.db, pending.cpf)) {
    throw badUserInput(SIGN_UP_MESSAGES.cpfTaken, { password: SIGN_UP_MESSAGES.cpfTaken });
  }
  if (!(await repo.useHandoffLink(deps.db, hashToken(link), new Date(deps.config.now()).toISOString()))) {
    throw badUserInput(KIOSK_MESSAGES.linkGone, { link: KIOSK_MESSAGES.linkGone });
  }
  return finishSignUp(deps, pending, checked.password);
}
