import { base64ToBytes, bytesToBase64, sealEnvelope } from '../../../common/device-session/envelope';
import { createTestApp, fakeClock, type TestApp } from '../../test/helpers';
import { describeDevice, deviceFlags } from './describe';
import { deleteOldDeviceSessions } from './service';
import { CHROME_ANDROID_UA, handshakePage, reportedPage } from './test-page';

const flip = (envelope: string, index: number) => {
  const bytes = base64ToBytes(envelope);
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return bytesToBase64(bytes);
};

describe('device description and flags', () => {
  it('describes a phone in a few words and raises the flags', () => {
    expect(describeDevice({ userAgent: CHROME_ANDROID_UA })).toBe('Chrome 131 · Android · Samsung');
    expect(
      describeDevice({
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      }),
    ).toBe('Safari 17 · iOS · iPhone');
    expect(deviceFlags({ userAgent: CHROME_ANDROID_UA, timeZone: 'America/Manaus', languages: ['pt-BR'] }, [])).toEqual(
      { incognito: false, automation: false, foreignTimeZone: false, foreignLanguage: false },
    );
    expect(
      deviceFlags(
        { userAgent: 'Mozilla/5.0 HeadlessChrome/131.0.0.0', timeZone: 'Europe/Lisbon', languages: ['en-US'] },
        [{ name: 'incognito', value: true }],
      ),
    ).toEqual({ incognito: true, automation: true, foreignTimeZone: true, foreignLanguage: true });
  });
});

describe('session-security receiver', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeEach(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterEach(() => t.close());

  it('answers the handshake with our public key, an iv and the local index; refuses a wrong client', async () => {
    const page = await handshakePage(t.app);
    expect(page.sessionId).toMatch(/^[0-9a-f]{32}$/);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/seguranca/login',
      payload: { ClientId: 'outro', Secret: 'publico', SessionId: page.sessionId, PublicKey: 'x', LocalIndex: 0 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ ok: false });
    const bad = await t.app.inject({ method: 'POST', url: '/seguranca/login', payload: { SessionId: 'abc' } });
    expect(bad.json()).toEqual({ ok: false });
  });

  it('opens an envelope, keeps the device and not the signals, and answers a sealed acknowledgement', async () => {
    const page = await handshakePage(t.app);
    const res = await page.send(await sealEnvelope(page.keys, page.document(1)));
    expect(res.status).toBe(200);
    expect(await page.open(res.body.Envelope)).toEqual({ received: true, localIndex: 1 });
    const row = await t.db
      .selectFrom('device_sessions')
      .selectAll()
      .where('id', '=', page.sessionId)
      .executeTakeFirstOrThrow();
    expect(row.device).toBe('Chrome 131 · Android · Samsung');
    expect(row.device_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.ip).toBe('127.0.0.1');
    // Neither the visitor id itself nor anything of the signals or the transaction data is kept.
    expect(JSON.stringify(row)).not.toMatch(/visitante|signals|\/login/);
  });

  it('refuses a bit flip in the ciphertext, in the IV and a wrong MAC, all with the same answer', async () => {
    const page = await handshakePage(t.app);
    const envelope = await sealEnvelope(page.keys, page.document(1));
    const length = base64ToBytes(envelope).length;
    const answers = await Promise.all(
      [flip(envelope, 20), flip(envelope, 2), flip(envelope, length - 3)].map((e) => page.send(e)),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 400, body: { ok: false, Envelope: '' } });
    // Nothing was recorded, so the genuine envelope still goes through.
    expect((await page.send(envelope)).body.ok).toBe(true);
  });

  it('refuses a replayed envelope, an older local index, another session id and an unknown session alike', async () => {
    const page = await handshakePage(t.app);
    const second = await sealEnvelope(page.keys, page.document(2));
    expect((await page.send(second)).body.ok).toBe(true);
    const refused = { status: 400, body: { ok: false, Envelope: '' } };
    expect(await page.send(second)).toEqual(refused);
    expect(await page.send(await sealEnvelope(page.keys, page.document(1)))).toEqual(refused);
    expect(await page.send(await sealEnvelope(page.keys, page.document(3, { sessionId: 'f'.repeat(32) })))).toEqual(
      refused,
    );
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/seguranca/envelope',
      payload: { SessionId: 'a'.repeat(32), Envelope: second },
    });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual(refused);
    expect((await page.send(await sealEnvelope(page.keys, page.document(3)))).body.ok).toBe(true);
  });

  it('refuses envelopes of a handshake over a day old', async () => {
    const page = await handshakePage(t.app);
    clock.advance(25 * 60 * 60 * 1000);
    expect((await page.send(await sealEnvelope(page.keys, page.document(1)))).body.ok).toBe(false);
  });

  it('answers the IP look-up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/seguranca/ip?format=json' });
    expect(res.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('answers 429 past SESSION_SECURITY_REQUESTS_PER_IP in a minute, on all three paths', async () => {
    const limited = await createTestApp({ now: clock.now, sessionSecurityRequestsPerIp: 3 });
    try {
      const ip = () => limited.app.inject({ method: 'GET', url: '/seguranca/ip?format=json' });
      for (let i = 0; i < 3; i += 1) expect((await ip()).statusCode).toBe(200);
      const refused = await ip();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ ip: '' });
      const login = await limited.app.inject({ method: 'POST', url: '/seguranca/login', payload: {} });
      expect([login.statusCode, login.json()]).toEqual([429, { ok: false }]);
      const envelope = await limited.app.inject({ method: 'POST', url: '/seguranca/envelope', payload: {} });
      expect([envelope.statusCode, envelope.json()]).toEqual([429, { ok: false, Envelope: '' }]);
    } finally {
      await limited.close();
    }
  });

  it('deletes device sessions not seen for 90 days in the daily run', async () => {
    const old = await reportedPage(t.app);
    clock.advance(60 * 24 * 60 * 60 * 1000);
    const recent = await reportedPage(t.app, 'visitante-2');
    clock.advance(31 * 24 * 60 * 60 * 1000);
    expect(await deleteOldDeviceSessions({ db: t.db, config: t.config })).toBe(1);
    const ids = (await t.db.selectFrom('device_sessions').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual([recent.sessionId]);
    expect(ids).not.toContain(old.sessionId);
  });
});
