import { createHmac, timingSafeEqual } from 'node:crypto';

/** Meta's header on every webhook POST: `sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`. */
export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

/** The header's value for these bytes, as Meta writes it (what `npm run whatsapp` and the tests send). */
export function signWebhook(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

const SIGNATURE = /^sha256=[0-9a-f]{64}$/;

/**
 * Whether Meta signed these bytes. Over the raw bytes as they came, never a re-serialised JSON (an accent or an emoji
 * written as `\u00e9` by Meta and as `é` by JSON.stringify would differ), and in constant time.
 */
export function webhookSigned(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const given = header?.trim().toLowerCase();
  if (!given || !SIGNATURE.test(given)) return false;
  return timingSafeEqual(Buffer.from(signWebhook(appSecret, rawBody)), Buffer.from(given));
}

/** The subscription check's token, compared in constant time. */
export function verifyTokenMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = createHmac('sha256', 'verify').update(expected).digest();
  const b = createHmac('sha256', 'verify').update(given).digest();
  return timingSafeEqual(a, b);
}
