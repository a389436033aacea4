import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CodePurpose } from '../../db/schema';
import { badUserInput, tooManyRequests } from '../../errors/api-errors';
import type { ServiceDeps } from '../service-deps';
import { consumeCodeRow, countWrongTry, newestCode, replaceCode } from './repository';

export const CODE_TTL_MS = 10 * 60 * 1000;
/** The server's own cooldown between sends; the client's resend timer shows the same 30 seconds. */
export const RESEND_COOLDOWN_MS = 30 * 1000;
export const MAX_WRONG_TRIES = 5;

export const CODE_MESSAGES = {
  wrong: 'Código incorreto. Confira o SMS e tente de novo.',
  expired: 'Este código expirou. Peça um novo código.',
  exhausted: 'Muitas tentativas com este código. Peça um novo código.',
  cooldown: (seconds: number) => `Aguarde ${seconds} segundos para pedir outro código.`,
} as const;

/** The code helpers sign with the club's secret and read its clock. */
export type CodeDeps = ServiceDeps<'db' | 'config'>;

const hmac = (secret: Uint8Array, codeId: string, code: string): string =>
  createHmac('sha256', secret).update(`${codeId}:${code}`).digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Seconds until another code may be sent for this purpose and subject; 0 when it may be sent now. */
export async function secondsUntilResend(deps: CodeDeps, purpose: CodePurpose, subject: string): Promise<number> {
  const last = await newestCode(deps.db, purpose, subject);
  if (!last) return 0;
  const wait = Date.parse(last.created_at) + RESEND_COOLDOWN_MS - deps.config.now();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/**
 * Creates a fresh random 6-digit code (any older one for the same subject stops working) and returns it for
 * sending. Refused during the resend cooldown.
 */
export async function issueCode(
  deps: CodeDeps,
  purpose: CodePurpose,
  subject: string,
  destination: string,
): Promise<string> {
  const wait = await secondsUntilResend(deps, purpose, subject);
  if (wait > 0) throw tooManyRequests(CODE_MESSAGES.cooldown(wait));
  const now = deps.config.now();
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await replaceCode(
    deps.db,
    {
      id,
      purpose,
      subject,
      destination,
      code_hash: hmac(deps.config.jwtSecret, id, code),
      attempts: 0,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + CODE_TTL_MS).toISOString(),
      consumed_at: null,
    },
    new Date(now).toISOString(),
  );
  return code;
}

/**
 * Checks a code and consumes it on success. A wrong try counts; the fifth wrong try kills the code. Returns the
 * destination the code was sent to. Errors are BAD_USER_INPUT on the `code` field, so the form keeps its values.
 */
export async function consumeCode(
  deps: CodeDeps,
  purpose: CodePurpose,
  subject: string,
  code: string,
): Promise<string> {
  const now = deps.config.now();
  const row = await newestCode(deps.db, purpose, subject);
  const fail = (message: string) => badUserInput(message, { code: message });
  if (!row) throw fail(CODE_MESSAGES.expired);
  if (row.attempts >= MAX_WRONG_TRIES) throw fail(CODE_MESSAGES.exhausted);
  if (row.consumed_at !== null || Date.parse(row.expires_at) <= now) throw fail(CODE_MESSAGES.expired);

  if (!/^\d{6}$/.test(code) || !sameHex(row.code_hash, hmac(deps.config.jwtSecret, row.id, code))) {
    // Counted with a conditional update so concurrent guesses cannot all pass the attempts check above.
    const counted = await countWrongTry(deps.db, row.id, MAX_WRONG_TRIES);
    const exhausted = !counted || row.attempts + 1 >= MAX_WRONG_TRIES;
    throw fail(exhausted ? CODE_MESSAGES.exhausted : CODE_MESSAGES.wrong);
  }

  // Two requests with the right code at once: only one may use it.
  if (!(await consumeCodeRow(deps.db, row.id, new Date(now).toISOString()))) throw fail(CODE_MESSAGES.expired);
  return row.destination;
}

/** "(11) 9****-4321": enough for the member to recognise the phone, not enough to learn it. */
export function maskPhoneDestination(digits: string): string {
  const ddd = digits.slice(0, 2);
  const last = digits.slice(-4);
  return `(${ddd}) ${digits.slice(2, 3)}****-${last}`;
}

/** "ma*******@exemplo.com.br". */
export function maskEmailDestination(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${shown}${'*'.repeat(Math.max(3, local.length - shown.length))}@${domain}`;
}
