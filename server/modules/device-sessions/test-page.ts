// The page's side of the session-security protocol, for the API tests: handshake, then sealed fingerprint documents.
import type { FastifyInstance } from 'fastify';
import {
  deriveEnvelopeKeys,
  exportPublicKey,
  generateKeyPair,
  newSessionId,
  openEnvelope,
  sealEnvelope,
  type EnvelopeKeys,
  type FingerprintDocument,
} from '../../../common/device-session/envelope';

export const CHROME_ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export interface TestPage {
  sessionId: string;
  keys: EnvelopeKeys;
  document: (localIndex: number, overrides?: Partial<FingerprintDocument>) => FingerprintDocument;
  send: (envelope: string) => Promise<{ status: number; body: { ok: boolean; Envelope: string } }>;
  open: (envelope: string) => Promise<unknown>;
}

export async function handshakePage(app: FastifyInstance, visitorId = 'visitante-1'): Promise<TestPage> {
  const sessionId = newSessionId();
  const pair = await generateKeyPair();
  const res = await app.inject({
    method: 'POST',
    url: '/seguranca/login',
    payload: {
      ClientId: 'clube-web',
      Secret: 'publico',
      SessionId: sessionId,
      PublicKey: await exportPublicKey(pair.publicKey),
      LocalIndex: 0,
    },
  });
  const body = res.json<{ ok: boolean; key: string }>();
  if (!body.ok) throw new Error('handshake refused');
  const keys = await deriveEnvelopeKeys(pair.privateKey, body.key, sessionId);
  return {
    sessionId,
    keys,
    document: (localIndex, overrides = {}) => ({
      sessionId,
      systemVersion: '1.0.0',
      localIndex,
      visitorId,
      signals: [{ name: 'incognito', value: false }],
      transactionData: { path: '/login', at: new Date().toISOString() },
      device: { userAgent: CHROME_ANDROID_UA, timeZone: 'America/Sao_Paulo', languages: ['pt-BR'] },
      ...overrides,
    }),
    send: async (envelope) => {
      const r = await app.inject({
        method: 'POST',
        url: '/seguranca/envelope',
        payload: { SessionId: sessionId, Envelope: envelope },
      });
      return { status: r.statusCode, body: r.json() };
    },
    open: (envelope) => openEnvelope(keys, envelope),
  };
}

/** A handshake and one accepted envelope: the device session the API then knows. */
export async function reportedPage(
  app: FastifyInstance,
  visitorId = 'visitante-1',
  overrides: Partial<FingerprintDocument> = {},
): Promise<TestPage> {
  const page = await handshakePage(app, visitorId);
  const res = await page.send(await sealEnvelope(page.keys, page.document(1, overrides)));
  if (!res.body.ok) throw new Error('envelope refused');
  return page;
}
