import { z } from 'zod';
import type { OutboundSettings, WhatsappGraphSettings } from '../config';
import { outboundSender, responseJson, type OutboundResponse } from './outbound';

/** What the club sends: free text, or a text with up to three reply buttons (WhatsApp's limit). */
export type WhatsappContent =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'buttons';
      readonly text: string;
      readonly buttons: readonly { readonly id: string; readonly title: string }[];
    };

/** The Graph API's refusal or absence. `retryable`: the same call may pass later (429, 5xx, no answer). */
export class WhatsappGraphError extends Error {
  readonly retryable: boolean;
  /** Meta's error code (`131047`: the 24-hour window is closed), when it gave one. */
  readonly code: number | null;
  constructor(message: string, retryable: boolean, code: number | null = null) {
    super(message);
    this.name = 'WhatsappGraphError';
    this.retryable = retryable;
    this.code = code;
  }
}

/** The club's number on Meta's Graph API: what it sends. */
export interface WhatsappGraph {
  /** The wamid Meta gave the message; status callbacks come under it. */
  send(to: string, content: WhatsappContent): Promise<{ wamid: string }>;
}

const sendAnswer = z.object({ messages: z.array(z.object({ id: z.string().min(1).max(200) })).min(1) });
const errorAnswer = z.object({
  error: z.object({ message: z.string().max(1000).optional(), code: z.number().optional() }),
});
/** Meta's throttling codes: the message may pass later (docs/whatsapp.md). */
const THROTTLED = new Set([4, 80007, 130429, 131056]);

/** Meta's JSON body for a message (Cloud API, `POST /{phone-number-id}/messages`). */
export function messageBody(to: string, content: WhatsappContent): object {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (content.type === 'text') return { ...base, type: 'text', text: { preview_url: false, body: content.text } };
  return {
    ...base,
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: content.text },
      action: { buttons: content.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
    },
  };
}

export interface GraphClientOptions {
  readonly timeoutMs?: number;
  /** Tries again after a 429 this many times, waiting what Retry-After asks up to `maxWaitMs`. */
  readonly retries?: number;
  readonly maxWaitMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Meta's Graph API through the outbound guard (its host may resolve to a private address only when its origin is in
 * OUTBOUND_PRIVATE_ORIGINS), with the number's bearer token, 10 s per call. A 429 is tried again after the wait it
 * asks for (a second at most by default), then left to the caller's queue.
 */
export function httpWhatsappGraph(
  settings: WhatsappGraphSettings,
  outbound: OutboundSettings,
  { timeoutMs = 10_000, retries = 2, maxWaitMs = 1_000, sleep = pause }: GraphClientOptions = {},
): WhatsappGraph {
  const request = outboundSender({ ...outbound, timeoutMs });
  const post = async (path: string, body: object): Promise<OutboundResponse> => {
    try {
      return await request(`${settings.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new WhatsappGraphError(`Graph API unreachable: ${(error as Error).message}`, true);
    }
  };
  return {
    async send(to, content) {
      const path = `/${encodeURIComponent(settings.phoneNumberId)}/messages`;
      for (let attempt = 0; ; attempt += 1) {
        const response = await post(path, messageBody(to, content));
        if (response.status >= 200 && response.status < 300) {
          const parsed = sendAnswer.safeParse(responseJson(response));
          if (!parsed.success) throw new WhatsappGraphError('Graph API answered outside the contract', false);
          return { wamid: parsed.data.messages[0]!.id };
        }
        const error = errorAnswer.safeParse(responseJson(response));
        const code = error.success ? (error.data.error.code ?? null) : null;
        const throttled = response.status === 429 || (code !== null && THROTTLED.has(code));
        if (throttled && attempt < retries) {
          const asked = Number(response.headers['retry-after']);
          await sleep(Math.min(maxWaitMs, Number.isFinite(asked) && asked > 0 ? asked * 1000 : 200 * 2 ** attempt));
          continue;
        }
        const message = error.success ? (error.data.error.message ?? '') : '';
        throw new WhatsappGraphError(
          `Graph API answered ${response.status}${code === null ? '' : ` (${code})`}: ${message.slice(0, 200)}`,
          throttled || response.status >= 500,
          code,
        );
      }
    },
  };
}
