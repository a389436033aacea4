import '../../test/esm-shims';
import { notify } from '../notifications';
import { findUserByCpf } from '../users';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, testConfig, type TestApp } from '../../test/helpers';
import { channelActor, sendWhatsappNotices, workInbox } from '.';
import { channelDepsOf, postWebhook, textFrom } from './test/meta';

/**
 * The notices channel: a member who accepted "Por SMS e WhatsApp" gets each new notice on the number, as a message
 * within 24 hours of their last message and as the approved template after them.
 */

const START = Date.parse('2026-11-22T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const WITH_NINTH = '5511987654321';
const WITHOUT_NINTH = '551187654321';
const TEMPLATE = { name: 'clube_aviso', language: 'pt_BR' };
const clock = fakeClock(START);
let t: TestApp;
let anaId: number;

async function open(noticeTemplate?: typeof TEMPLATE) {
  const { whatsapp } = testConfig();
  t = await createTestApp({ now: () => clock.now(), whatsapp: { ...whatsapp, noticeTemplate } });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
}
afterEach(() => t.close());

const run = () => sendWhatsappNotices(channelDepsOf(t), channelActor);

const approved = (label: string) =>
  t.db
    .transaction()
    .execute((trx) =>
      notify(trx, { type: 'invoice-approved', userId: anaId, label, points: 120 }, new Date(clock.now())),
    );

async function anaWrites(from: string) {
  expect((await postWebhook(t.app, textFrom(from, 'saldo', clock.now()))).statusCode).toBe(200);
  await workInbox(channelDepsOf(t), channelActor);
}

/** The club's messages to Ana's number that are not the bot's answers (the answers follow what she wrote). */
const noticesSent = () =>
  t.db
    .selectFrom('whatsapp_notices as wn')
    .innerJoin('whatsapp_messages as m', 'm.id', 'wn.message_id')
    .select(['wn.outcome', 'm.wa_id', 'm.kind', 'm.body', 'm.send_state', 'm.user_id'])
    .orderBy('m.id')
    .execute();

describe('a notice on WhatsApp', () => {
  it('goes as a message while the member wrote within 24 hours, once, to the form of the number they wrote from', async () => {
    await open();
    // A club from before the channel (the demo's start has run it once).
    await t.db.deleteFrom('whatsapp_notice_cursor').execute();
    await approved('nota de antes');
    // The channel's first run starts from the notices there are: what came before it is never sent.
    expect(await run()).toMatchObject({ read: 0 });
    await anaWrites(WITHOUT_NINTH);

    const id = await approved('nota #41');
    expect(await run()).toEqual({ read: 1, message: 1, template: 0, appOnly: 0 });
    expect(await run()).toMatchObject({ read: 0, message: 0 });
    const [sent] = await noticesSent();
    const notice = await t.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sent).toEqual({
      outcome: 'message',
      wa_id: WITHOUT_NINTH,
      kind: 'text',
      body: `${notice.title}\n${notice.body}\nhttp://clube.test${notice.url}`,
      send_state: 'local',
      user_id: anaId,
    });
    expect(notice.body).toContain('nota #41');
    // Nothing from before the channel's first run.
    expect(await noticesSent()).toHaveLength(1);
  });

  it('after 24 hours stays in the app without a template, and goes as the template with one', async () => {
    await open();
    await run();
    await anaWrites(WITH_NINTH);
    clock.advance(25 * HOUR);
    await approved('nota #42');
    expect(await run()).toEqual({ read: 1, message: 0, template: 0, appOnly: 1 });
    expect(await noticesSent()).toEqual([]);
    await t.close();

    await open(TEMPLATE);
    await run();
    await approved('nota #43');
    expect(await run()).toEqual({ read: 1, message: 0, template: 1, appOnly: 0 });
    const [sent] = await noticesSent();
    expect(sent).toMatchObject({ outcome: 'template', wa_id: WITH_NINTH, kind: 'template', user_id: anaId });
    const content = JSON.parse(sent!.body) as { type: string; name: string; language: string; parameters: string[] };
    expect(content).toMatchObject({ type: 'template', name: 'clube_aviso', language: 'pt_BR' });
    expect(content.parameters).toHaveLength(2);
    expect(content.parameters[1]).toContain('nota #43');
  });

  it('never goes to a member who did not accept "Por SMS e WhatsApp", or whose celular is not verified', async () => {
    await open(TEMPLATE);
    await run();
    await t.db.updateTable('users').set({ accept_message_comunications: 0 }).where('id', '=', anaId).execute();
    await approved('nota #44');
    expect(await run()).toEqual({ read: 1, message: 0, template: 0, appOnly: 0 });
    await t.db
      .updateTable('users')
      .set({ accept_message_comunications: 1, phone_verified_at: null })
      .where('id', '=', anaId)
      .execute();
    await approved('nota #45');
    expect(await run()).toEqual({ read: 1, message: 0, template: 0, appOnly: 0 });
    expect(await t.db.selectFrom('whatsapp_notices').selectAll().execute()).toEqual([]);
  });
});
