import type { FastifyInstance } from 'fastify';
import { signWebhook } from '../../../adapters/whatsapp-signature';
import { createLimiterFactory } from '../../../limits/limiter-factory';
import { WHATSAPP_TEST_SECRET, type TestApp } from '../../../test/helpers';
import type { ChannelDeps } from '..';

/** The jobs' deps on a test app's database. */
export const channelDepsOf = (t: Pick<TestApp, 'db' | 'config'>): ChannelDeps => ({
  db: t.db,
  config: t.config,
  limiters: createLimiterFactory(t.db, t.config.jwtSecret),
});

/** What Meta posts to the webhook, built as its reference shows, for the tests. */
export const PHONE_NUMBER_ID = '106540352242922';

let sequence = 0;
export const nextWamid = () => `wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFjNFQjA${(sequence += 1)}`;

const envelope = (value: object) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '551140041234', phone_number_id: PHONE_NUMBER_ID },
            ...value,
          },
        },
      ],
    },
  ],
});

const seconds = (at: number) => String(Math.floor(at / 1000));

export const textFrom = (from: string, body: string, at: number, id = nextWamid()) =>
  envelope({
    contacts: [{ profile: { name: 'Ana' }, wa_id: from }],
    messages: [{ from, id, timestamp: seconds(at), type: 'text', text: { body } }],
  });

export const buttonFrom = (from: string, id: string, title: string, at: number) =>
  envelope({
    contacts: [{ profile: { name: 'Ana' }, wa_id: from }],
    messages: [
      {
        from,
        id: nextWamid(),
        timestamp: seconds(at),
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id, title } },
      },
    ],
  });

export const statusOf = (id: string, status: string, at: number, recipient = '5511987654321') =>
  envelope({
    statuses: [{ id, status, timestamp: seconds(at), recipient_id: recipient }],
  });

/** Posts bytes as Meta would, signed with the tests' app secret unless a signature is given. */
export function postWebhook(app: FastifyInstance, body: object | string | Buffer, signature?: string | null) {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? signWebhook(WHATSAPP_TEST_SECRET, raw) : signature;
  if (sig !== null) headers['x-hub-signature-256'] = sig;
  return app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers, payload: raw });
}
