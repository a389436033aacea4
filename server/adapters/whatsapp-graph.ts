import { createHash } from 'node:crypto';
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
    }
  /**
   * An approved message template: the only thing a business may send more than 24 hours after the member's last
   * message. `parameters` fill its body's {{1}}, {{2}}… in order.
   */
  | {
      readonly type: 'template';
      readonly name: string;
      readonly language: string;
      readonly parameters: readonly string[];
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

/** The club's number on Meta's Graph API: what it sends, and the files members send it. */
export interface WhatsappGraph {
  /** The wamid Meta gave the message; status callbacks come under it. */
  send(to: string, content: WhatsappContent): Promise<{ wamid: string }>;
  /** A member's photo, PDF or XML, by the media id of their message. */
  media(mediaId: string): Promise<WhatsappMedia>;
}

/** The largest file the club takes from WhatsApp: the app's own limit for an invoice's file. */
export const WHATSAPP_MEDIA_MAX_BYTES = 10 * 1024 * 1024;

export interface WhatsappMedia {
  readonly bytes: Buffer;
  /** What Meta says it is; the invoice path types the file by its bytes all the same. */
  readonly mimeType: string;
}

/** Why a member's file cannot be taken: it will not change by asking again. */
export type WhatsappMediaProblem = 'too-big' | 'altered' | 'missing';

export class WhatsappMediaRefused extends Error {
  readonly problem: WhatsappMediaProblem;
  constructor(problem: WhatsappMediaProblem) {
    super(`WhatsApp media refused: ${problem}`);
    this.name = 'WhatsappMediaRefused';
    this.problem = problem;
  }
}

/** Meta writes a file's SHA-256 in hex (the media endpoint) or base64 (some webhooks): both are taken. */
export function sha256Matches(bytes: Buffer, expected: string | undefined): boolean {
  if (!expected) return true;
  const digest = createHash('sha256').update(bytes).digest();
  return expected.toLowerCase() === digest.toString('hex') || expected === digest.toString('base64');
}

const mediaAnswer = z.object({
  url: z.string().url().max(2000),
  mime_type: z.string().max(200).optional(),
  sha256: z.string().max(200).optional(),
  // A string in Meta's answers, a number in some of its examples.
  file_size: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]).optional(),
});

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
  if (content.type === 'template') {
    return {
      ...base,
      type: 'template',
      template: {
        name: content.name,
        language: { code: content.language },
        components: [{ type: 'body', parameters: content.parameters.map((text) => ({ type: 'text', text })) }],
      },
    };
  }
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
  // A file up to the limit, and one byte more to tell a file cut at the limit from one that fits.
  const download = outboundSender({
    ...outbound,
    timeoutMs: timeoutMs * 3,
    maxBodyBytes: WHATSAPP_MEDIA_MAX_BYTES + 1,
  });
  const get = async (send: typeof request, url: string): Promise<OutboundResponse> => {
    try {
      return await send(url, { method: 'GET', headers: { authorization: `Bearer ${settings.accessToken}` } });
    } catch (error) {
      throw new WhatsappGraphError(`Graph API unreachable: ${(error as Error).message}`, true);
    }
  };
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
    /**
     * Meta's two steps: the media's record (`GET /{media-id}`: a short-lived URL, its type, size and SHA-256), then
     * the file from that URL with the same bearer token. A file over the limit is refused from the record's size or,
     * when the record lies, at the limit's byte; bytes that do not match the record's SHA-256 are refused.
     */
    async media(mediaId) {
      const record = await get(request, `${settings.url}/${encodeURIComponent(mediaId)}`);
      if (record.status === 400 || record.status === 404) throw new WhatsappMediaRefused('missing');
      if (record.status < 200 || record.status >= 300)
        throw new WhatsappGraphError(`Graph API answered ${record.status} for a media record`, record.status >= 500);
      const parsed = mediaAnswer.safeParse(responseJson(record));
      if (!parsed.success) throw new WhatsappGraphError('Graph API answered outside the contract', false);
      if (Number(parsed.data.file_size ?? 0) > WHATSAPP_MEDIA_MAX_BYTES) throw new WhatsappMediaRefused('too-big');
      const file = await get(download, parsed.data.url);
      if (file.status === 404) throw new WhatsappMediaRefused('missing');
      if (file.status < 200 || file.status >= 300)
        throw new WhatsappGraphError(`Graph API answered ${file.status} for a media file`, file.status >= 500);
      if (file.truncated || file.body.length > WHATSAPP_MEDIA_MAX_BYTES) throw new WhatsappMediaRefused('too-big');
      if (!sha256Matches(file.body, parsed.data.sha256)) throw new WhatsappMediaRefused('altered');
      return { bytes: file.body, mimeType: parsed.data.mime_type ?? 'application/octet-stream' };
    },
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
