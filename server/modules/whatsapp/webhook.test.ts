import '../../test/esm-shims';
import { signWebhook } from '../../adapters/whatsapp-signature';
import { buildApp } from '../../app';
import { createTestApp, fakeClock, testConfig, WHATSAPP_TEST_SECRET, type TestApp } from '../../test/helpers';
import { createTestDatabase } from '../../test/test-database';
import { channelActor, pruneConversations, workInbox } from '.';
import { standing } from './inbox';
import { channelDepsOf, nextWamid, postWebhook, statusOf, textFrom } from './test/meta';

/** Meta's webhook contract: the subscription check, signed deliveries, redeliveries, statuses, and keeping. */

const START = Date.parse('2026-11-22T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ANA_WA = '5511987654321';
const clock = fakeClock(START);
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ now: () => clock.now() });
});
afterEach(() => t.close());

const deliveries = () => t.db.selectFrom('whatsapp_deliveries').selectAll().execute();
const messages = () =>
  t.db.selectFrom('whatsapp_messages').selectAll().where('direction', '=', 'in').orderBy('id').execute();
const work = () => workInbox(channelDepsOf(t), channelActor);

describe('the subscription check', () => {
  const check = (query: string) => t.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?${query}` });

  it('answers the challenge when the token is the club’s, and 403 otherwise', async () => {
    const ok = await check('hub.mode=subscribe&hub.verify_token=verificacao-de-teste&hub.challenge=1158201444');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=outro-token&hub.challenge=1158201444',
      'hub.mode=unsubscribe&hub.verify_token=verificacao-de-teste&hub.challenge=1158201444',
      'hub.mode=subscribe&hub.challenge=1158201444',
    ]) {
      const refused = await check(query);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('1158201444');
    }
  });
});

describe('a delivery', () => {
  it('is taken with Meta’s signature over the raw bytes, accents and emoji included, and answered 200 at once', async () => {
    // Meta escapes non-ASCII as \u…; a re-serialised JSON would be other bytes and fail the check.
    const escaped = JSON.stringify(textFrom(ANA_WA, 'saldo', START)).replace('saldo', 'sald\\u00e3o \\ud83e\\ude9a');
    const response = await postWebhook(t.app, escaped);
    expect(response.statusCode).toBe(200);
    const raw = Buffer.from(JSON.stringify(textFrom(ANA_WA, 'prêmios 🪚 ação', START)), 'utf8');
    expect((await postWebhook(t.app, raw)).statusCode).toBe(200);
    // 200 before any work: the messages table is still empty, the queue has both.
    expect(await messages()).toEqual([]);
    expect(await deliveries()).toHaveLength(2);

    expect(await work()).toMatchObject({ deliveries: 2, messages: 2 });
    expect((await messages()).map((m) => m.body)).toEqual(['saldão 🪚', 'prêmios 🪚 ação']);
    expect((await deliveries()).every((d) => d.done_at !== null && d.body === '')).toBe(true);
  });

  it('is refused 401 with nothing stored when its signature is missing, wrong, or of other bytes', async () => {
    const body = textFrom(ANA_WA, 'saldo', START);
    const raw = JSON.stringify(body);
    const cases = [
      null,
      'sha256=',
      `sha256=${'0'.repeat(64)}`,
      signWebhook('outro-segredo-qualquer-de-app', raw),
      signWebhook(WHATSAPP_TEST_SECRET, JSON.stringify(body, null, 1)),
      signWebhook(WHATSAPP_TEST_SECRET, raw).replace('sha256=', 'sha1='),
    ];
    for (const signature of cases) {
      const response = await postWebhook(t.app, raw, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'ASSINATURA_INVALIDA' });
    }
    expect(await deliveries()).toEqual([]);
  });

  it('does nothing twice when Meta delivers the same message again', async () => {
    const wamid = nextWamid();
    const body = textFrom(ANA_WA, 'saldo', START, wamid);
    await postWebhook(t.app, body);
    await work();
    expect((await postWebhook(t.app, body)).statusCode).toBe(200);
    expect(await work()).toMatchObject({ deliveries: 1, messages: 0, redelivered: 1 });
    expect((await messages()).map((m) => m.wamid)).toEqual([wamid]);
  });

  it('keeps status callbacks in any order, and a late one never takes a later status back', async () => {
    const wamid = nextWamid();
    for (const status of ['read', 'sent', 'delivered', 'read'])
      await postWebhook(t.app, statusOf(wamid, status, START));
    expect(await work()).toMatchObject({ deliveries: 4, statuses: 3 });
    const stored = await t.db.selectFrom('whatsapp_statuses').select('status').where('wamid', '=', wamid).execute();
    expect(standing(stored.map((s) => s.status))).toBe('read');
  });

  it('survives a restart between the 200 and the work: another process does it', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ now: () => clock.now() });
    try {
      const first = buildApp({ db: database.db, config, queryCache: false });
      await first.ready();
      expect((await postWebhook(first, textFrom(ANA_WA, 'notas', START))).statusCode).toBe(200);
      await first.close();

      const second = database.open();
      const secondApp = buildApp({ db: second, config, queryCache: false });
      await secondApp.ready();
      try {
        expect(await workInbox(channelDepsOf({ db: second, config }), channelActor)).toMatchObject({ messages: 1 });
        const stored = await second
          .selectFrom('whatsapp_messages')
          .select('body')
          .where('direction', '=', 'in')
          .execute();
        expect(stored).toEqual([{ body: 'notas' }]);
      } finally {
        await secondApp.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('is refused when the channel has no app secret', async () => {
    await t.close();
    t = await createTestApp({
      whatsapp: { appSecret: undefined, verifyToken: undefined, graph: undefined, noticeTemplate: undefined },
    });
    const response = await postWebhook(t.app, textFrom(ANA_WA, 'saldo', START));
    expect(response.statusCode).toBe(404);
    expect(await deliveries()).toEqual([]);
  });
});

describe('keeping', () => {
  it('deletes messages after 90 days and keeps younger ones', async () => {
    await postWebhook(t.app, textFrom(ANA_WA, 'antiga', START - 46 * DAY));
    await postWebhook(t.app, textFrom(ANA_WA, 'recente', START - 44 * DAY));
    await work();
    // 45 days on (the app's own clock stays put, so its daily job does not run meanwhile).
    const later = { db: t.db, config: { ...t.config, now: () => START + 45 * DAY } };
    expect(await pruneConversations(later, channelActor)).toEqual({ messages: 1 });
    expect((await messages()).map((m) => m.body)).toEqual(['recente']);
    expect(await deliveries()).toEqual([]);
  });
});
