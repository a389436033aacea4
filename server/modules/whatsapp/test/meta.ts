import type { FastifyInstance } from 'fastify';
import { signWebhook } from '../../../adapters/whatsapp-signature';
import { createLimiterFactory } from '../../../limits/limiter-factory';
import { WHATSAPP_TEST_SECRET, type TestApp } from '../../../test/helpers';
import type { ChannelDeps } from '..';
import { messageWebhook, STAND_IN_PHONE_NUMBER_ID, webhookOf } from '../stand-in';

/** The jobs' deps on a test app's database. */
export const channelDepsOf = (t: Pick<TestApp, 'db' | 'config'>): ChannelDeps => ({
  db: t.db,
  config: t.config,
  limiters: createLimiterFactory(t.db, t.config.jwtSecret),
});

export const PHONE_NUMBER_ID = STAND_IN_PHONE_NUMBER_ID;

let sequence = 0;
export const nextWamid = () => `wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFjNFQjA${(sequence += 1)}`;

export const textFrom = (from: string, body: string, at: number, id = nextWamid()) =>
  messageWebhook(from, at, { type: 'text', text: { body } }, id);

export const buttonFrom = (from: string, id: string, title: string, at: number) =>
  messageWebhook(from, at, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id, title } } });

export const statusOf = (id: string, status: string, at: number, recipient = '5511987654321') =>
  webhookOf({ statuses: [{ id, status, timestamp: String(Math.floor(at / 1000)), recipient_id: recipient }] });

/** Posts bytes as Meta would, signed with the tests' app secret unless a signature is given. */
export function postWebhook(app: FastifyInstance, body: object | string | Buffer, signature?: string | null) {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? signWebhook(WHATSAPP_TEST_SECRET, raw) : signature;
  if (sig !== null) headers['x-hub-signature-256'] = sig;
  return app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers, payload: raw });
}
