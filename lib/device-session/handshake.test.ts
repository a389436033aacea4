import { webcrypto } from 'node:crypto';
import {
  deriveEnvelopeKeys,
  exportPublicKey,
  generateKeyPair,
  openEnvelope,
  randomIvBase64,
  sealEnvelope,
  type EnvelopeKeys,
} from '@/common/device-session/envelope';
import type { CollectedSignals } from './collectors';
import { currentEnvelopeKeys, lastHandshakeResult, resetDeviceSessionRuns, runDeviceSession } from './handshake';
import { endDeviceSession, getDeviceSessionId } from './session-id';

// jsdom has no SubtleCrypto; the page and the receiver both use Web Crypto, which Node's webcrypto is.
beforeAll(() => {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

const signals: CollectedSignals = {
  visitorId: 'visitor-1',
  signals: [
    { name: 'fonts', value: ['Arial'] },
    { name: 'audio', error: 'Timeout' },
  ],
  device: { userAgent: 'jest', timeZone: 'America/Sao_Paulo', languages: ['pt-BR'] },
};

interface Posted {
  url: string;
  body: Record<string, unknown>;
}

/** The receiver, played with the same envelope module the API uses. */
function fakeVendor(login: 'ok' | 'refused' | 'http-500' | 'offline' = 'ok') {
  const posted: Posted[] = [];
  const received: unknown[] = [];
  const serverKeys = new Map<string, EnvelopeKeys>();
  const answer = (body: unknown, status = 200) =>
    ({ ok: status < 400, status, json: async () => body }) as unknown as Response;
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    posted.push({ url, body });
    if (url.endsWith('/seguranca/login')) {
      if (login === 'offline') throw new TypeError('Failed to fetch');
      if (login === 'http-500') return answer({}, 500);
      if (login === 'refused' || body.Secret !== 'publico') return answer({ ok: false });
      const pair = await generateKeyPair();
      const sessionId = String(body.SessionId);
      serverKeys.set(sessionId, await deriveEnvelopeKeys(pair.privateKey, String(body.PublicKey), sessionId));
      return answer({
        ok: true,
        key: await exportPublicKey(pair.publicKey),
        iv: randomIvBase64(),
        localIndex: body.LocalIndex,
      });
    }
    const keys = serverKeys.get(String(body.SessionId));
    const document = keys ? await openEnvelope(keys, String(body.Envelope)) : null;
    if (!keys || !document) return answer({ ok: false, Envelope: '' });
    received.push(document);
    const { localIndex } = document as { localIndex: number };
    return answer({ ok: true, Envelope: await sealEnvelope(keys, { received: true, localIndex }) });
  });
  const collect = jest.fn(async () => signals);
  const options = {
    baseUrl: 'https://api.test',
    clientId: 'clube-web',
    secret: 'publico',
    fetch: fetchMock as unknown as typeof fetch,
    collect,
    path: () => '/notas-fiscais/enviar',
    now: () => new Date('2026-11-26T12:00:00.000Z'),
  };
  return { posted, received, collect, options };
}

describe('device session handshake', () => {
  beforeEach(() => {
    sessionStorage.clear();
    endDeviceSession();
    resetDeviceSessionRuns();
  });

  it('logs in, seals the fingerprint document so the receiver opens it, and reads the reply Envelope', async () => {
    const vendor = fakeVendor();
    const result = await runDeviceSession(vendor.options);
    const sessionId = getDeviceSessionId();

    expect(vendor.posted.map((p) => p.url)).toEqual([
      'https://api.test/seguranca/login',
      'https://api.test/seguranca/envelope',
    ]);
    const [login, send] = vendor.posted;
    expect(Object.keys(login?.body ?? {}).sort()).toEqual([
      'ClientId',
      'LocalIndex',
      'PublicKey',
      'Secret',
      'SessionId',
    ]);
    expect(login?.body).toMatchObject({
      ClientId: 'clube-web',
      Secret: 'publico',
      SessionId: sessionId,
      LocalIndex: 0,
    });
    expect(send?.body).toEqual({ SessionId: sessionId, Envelope: result.envelope });

    expect(vendor.received).toEqual([
      {
        sessionId,
        systemVersion: '1.0.0',
        localIndex: 1,
        visitorId: 'visitor-1',
        signals: signals.signals,
        transactionData: { path: '/notas-fiscais/enviar', at: '2026-11-26T12:00:00.000Z' },
        device: signals.device,
      },
    ]);
    expect(result).toEqual({ sessionId, envelope: expect.any(String), reply: { received: true, localIndex: 1 } });
    expect(lastHandshakeResult()).toBe(result);
    expect(currentEnvelopeKeys()).not.toBeNull();

    expect(sessionStorage.getItem('CD_MGL_REMOTE_KEY')).toMatch(/^[A-Za-z0-9+/]{86}[A-Za-z0-9+/=]{2}$/);
    expect(sessionStorage.getItem('CD_MGL_IV')).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(sessionStorage.getItem('CD_MGL_LOCAL_INDEX')).toBe('1');
  });

  it('runs once per session id per page load, and the next page load sends a higher local index', async () => {
    const vendor = fakeVendor();
    const [first, second] = await Promise.all([runDeviceSession(vendor.options), runDeviceSession(vendor.options)]);
    expect(second).toBe(first);
    expect(vendor.posted).toHaveLength(2);

    resetDeviceSessionRuns();
    await runDeviceSession(vendor.options);
    expect(vendor.posted[2]?.body.LocalIndex).toBe(1);
    expect(vendor.received.map((d) => (d as { localIndex: number }).localIndex)).toEqual([1, 2]);
  });

  it('gives a new session id its own handshake once the session ends', async () => {
    const vendor = fakeVendor();
    const first = await runDeviceSession(vendor.options);
    endDeviceSession();
    expect(currentEnvelopeKeys()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    const second = await runDeviceSession(vendor.options);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(vendor.received.map((d) => (d as { localIndex: number }).localIndex)).toEqual([1, 1]);
  });

  it.each(['refused', 'http-500', 'offline'] as const)(
    'goes on with the session id and an empty envelope when the login is %s, sending nothing',
    async (login) => {
      const vendor = fakeVendor(login);
      const result = await runDeviceSession(vendor.options);
      expect(result).toEqual({ sessionId: getDeviceSessionId(), envelope: '', reply: null });
      expect(lastHandshakeResult()).toEqual(result);
      expect(vendor.posted.map((p) => p.url)).toEqual(['https://api.test/seguranca/login']);
      expect(vendor.collect).not.toHaveBeenCalled();
      expect(sessionStorage.getItem('CD_MGL_REMOTE_KEY')).toBeNull();
      expect(sessionStorage.getItem('CD_MGL_IV')).toBeNull();
    },
  );

  it('is refused with a wrong secret', async () => {
    const vendor = fakeVendor();
    const result = await runDeviceSession({ ...vendor.options, secret: 'errado' });
    expect(result.envelope).toBe('');
  });

  it('stores nothing of a login that answers after the session ended', async () => {
    const vendor = fakeVendor();
    const running = runDeviceSession(vendor.options);
    endDeviceSession();
    await expect(running).resolves.toMatchObject({ envelope: '' });
    expect(sessionStorage.length).toBe(0);
    expect(vendor.received).toEqual([]);
  });
});
