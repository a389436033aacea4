import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { OutboundSettings, PointsPartnerSettings } from '../config';
import { outboundSender, responseJson, type OutboundResponse, type OutboundSend } from './outbound';

/** What the partner says of an account the member wants to link. */
export type PartnerLinkAnswer = 'linked' | 'not_found' | 'cpf_mismatch';

/** What the partner says of a transfer: waiting, credited, refused, or never received. */
export interface PartnerTransferAnswer {
  readonly status: 'pending' | 'confirmed' | 'refused' | 'not_found';
  /** The partner's own id for the transfer, when it gives one. */
  readonly reference: string | null;
  /** Why it refused, in words a member can read. */
  readonly reason: string | null;
}

export interface PartnerTransferRequest {
  /** The club's transfer number: the partner takes it as its idempotency key, so a resend is credited once. */
  readonly transferId: string;
  readonly accountId: string;
  /** Partner points to credit. */
  readonly points: number;
  /** Club points the member gave for them. */
  readonly clubPoints: number;
  /** Where the partner posts its signed answer. */
  readonly callbackUrl: string;
}

/** The points partner program, seen from the club. */
export interface PointsPartner {
  /** True for the embedded default, whose answers an operator gives from the terminal. */
  readonly embedded: boolean;
  /** Links the account when the partner's own record of it has this CPF (11 digits). */
  link(accountId: string, cpf: string): Promise<PartnerLinkAnswer>;
  transfer(request: PartnerTransferRequest): Promise<PartnerTransferAnswer>;
  status(transferId: string): Promise<PartnerTransferAnswer>;
}

/** The partner could not be reached or answered something outside the contract: nothing is known of the call. */
export class PartnerUnavailableError extends Error {}

/** The account number the embedded default answers "not found" for (any other is the member's own). */
export const EMBEDDED_UNKNOWN_ACCOUNT = '00000000';

/**
 * The embedded default: a partner that knows every member (the member's own CPF always matches) except the account
 * EMBEDDED_UNKNOWN_ACCOUNT, and that never answers a transfer by itself: the transfer waits in the club's table until
 * an operator confirms or refuses it for the partner (`npm run partner`), as the SMS outbox stands for the SMS
 * provider.
 */
export const embeddedPointsPartner: PointsPartner = {
  embedded: true,
  link: async (accountId) => (accountId === EMBEDDED_UNKNOWN_ACCOUNT ? 'not_found' : 'linked'),
  transfer: async () => ({ status: 'pending', reference: null, reason: null }),
  status: async () => ({ status: 'pending', reference: null, reason: null }),
};

const linkAnswer = z.object({ status: z.enum(['linked', 'not_found', 'cpf_mismatch']) });
const transferAnswer = z.object({
  status: z.enum(['pending', 'confirmed', 'refused', 'not_found']),
  reference: z.string().max(100).nullish(),
  reason: z.string().max(300).nullish(),
});

/**
 * A real partner's JSON API (the contract is in docs/rewards-and-partner.md): bearer token, 10 s per call, through
 * the outbound guard (its host may resolve to a private address only when its origin is in OUTBOUND_PRIVATE_ORIGINS).
 * Any answer outside the contract, an error status, a redirect, an address the guard refuses or no answer at all is a
 * PartnerUnavailableError; the service decides what it means.
 */
export function httpPointsPartner(
  settings: PointsPartnerSettings,
  outbound: OutboundSettings,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): PointsPartner {
  const send: OutboundSend = outboundSender({ ...outbound, timeoutMs });
  const call = async <T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: object): Promise<T> => {
    let response: OutboundResponse;
    try {
      response = await send(`${settings.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${settings.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      throw new PartnerUnavailableError(`points partner unreachable: ${(error as Error).message}`, { cause: error });
    }
    // A transfer the partner never got answers 404 with a body saying so; every other error status is unknown.
    const ok = response.status >= 200 && response.status < 300;
    if (!ok && response.status !== 404) {
      throw new PartnerUnavailableError(`points partner answered ${response.status}`);
    }
    const parsed = schema.safeParse(responseJson(response));
    if (!parsed.success) throw new PartnerUnavailableError('points partner answered outside the contract');
    return parsed.data;
  };
  const toAnswer = (a: z.infer<typeof transferAnswer>): PartnerTransferAnswer => ({
    status: a.status,
    reference: a.reference ?? null,
    reason: a.reason ?? null,
  });
  return {
    embedded: false,
    link: async (accountId, cpf) => (await call('POST', '/links', linkAnswer, { accountId, cpf })).status,
    transfer: async (request) => toAnswer(await call('POST', '/transfers', transferAnswer, request)),
    status: async (transferId) =>
      toAnswer(await call('GET', `/transfers/${encodeURIComponent(transferId)}`, transferAnswer)),
  };
}

export const createPointsPartner = (
  settings: PointsPartnerSettings | undefined,
  outbound: OutboundSettings,
): PointsPartner => (settings ? httpPointsPartner(settings, outbound) : embeddedPointsPartner);

// ---- The partner's signed callbacks --------------------------------------------------------------------------

export const CALLBACK_TIMESTAMP_HEADER = 'x-partner-timestamp';
export const CALLBACK_SIGNATURE_HEADER = 'x-partner-signature';
/** A callback older (or further in the future) than this is refused, so a captured one cannot be sent much later. */
export const CALLBACK_WINDOW_SECONDS = 300;

/** `sha256=<hex>` of HMAC-SHA256(secret, "<timestamp>.<raw body>"). */
export function signCallback(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export type CallbackCheck = 'ok' | 'stale' | 'forged';

/** Whether a callback was signed by the partner within the window; constant-time on the signature. */
export function checkCallback(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  nowMs: number,
): CallbackCheck {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) return 'forged';
  const expected = Buffer.from(signCallback(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return Math.abs(nowMs / 1000 - Number(timestamp)) > CALLBACK_WINDOW_SECONDS ? 'stale' : 'ok';
}
