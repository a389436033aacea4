import '../../test/esm-shims';
import { appendEntries } from '../points';
import { findUserByCpf } from '../users';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { channelActor, workInbox } from '.';
import { MESSAGES_PER_NUMBER } from './bot';
import { WhatsappDomainError } from './errors';
import { queueMessage } from './outbox';
import { buttonFrom, channelDepsOf, postWebhook, textFrom } from './test/meta';

/** What a member gets back: identified by the verified celular, with the channel on, within the limits. */

const START = Date.parse('2026-11-22T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const WITH_NINTH = '5511987654321';
const WITHOUT_NINTH = '551187654321';
const clock = fakeClock(START);
let t: TestApp;
let anaId: number;

beforeEach(async () => {
  t = await createTestApp({ now: () => clock.now() });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
});
afterEach(() => t.close());

/** Sends one message as Meta would, works the inbox, and answers what the bot queued for that number. */
async function say(from: string, text: string | object, at = clock.now()) {
  const body = typeof text === 'string' ? textFrom(from, text, at) : text;
  expect((await postWebhook(t.app, body)).statusCode).toBe(200);
  await workInbox(channelDepsOf(t), channelActor);
  return t.db
    .selectFrom('whatsapp_messages')
    .select(['kind', 'body', 'user_id', 'send_state'])
    .where('direction', '=', 'out')
    .where('wa_id', '=', from)
    .orderBy('id')
    .execute();
}
const lastText = async (from: string, text: string | object) => (await say(from, text)).at(-1)?.body ?? null;

describe('who writes', () => {
  it('is the member whose verified celular it is, with or without the ninth digit', async () => {
    for (const waId of [WITH_NINTH, WITHOUT_NINTH]) {
      const replies = await say(waId, 'Saldo');
      expect(replies).toHaveLength(1);
      expect(replies[0]).toMatchObject({ user_id: anaId, send_state: 'local' });
      expect(replies[0]!.body).toMatch(/^Seu saldo: [\d.]+ pontos\./);
    }
    const inbound = await t.db
      .selectFrom('whatsapp_messages')
      .select('user_id')
      .where('direction', '=', 'in')
      .execute();
    expect(inbound).toEqual([{ user_id: anaId }, { user_id: anaId }]);
  });

  it('is told an unknown number is not in the club, with the sign-up link, and nobody’s data', async () => {
    const reply = await lastText('5521999990000', 'saldo');
    expect(reply).toBe(
      'Este número não está cadastrado no Clube do Marceneiro. Para participar, cadastre-se em http://clube.test/cadastro',
    );
    await t.db.updateTable('users').set({ phone_verified_at: null }).where('id', '=', anaId).execute();
    expect(await lastText(WITH_NINTH, 'saldo')).toMatch(/^Este número não está cadastrado/);
  });

  it('with the channel off in /perfil, is told how to turn it on and nothing else; on again, is answered', async () => {
    const ana = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
    const turn = (on: boolean) =>
      gql<{ setWhatsappChannel: { chatbotInvoiceUploadEnabled: boolean } }>(
        t.app,
        'mutation ($on: Boolean!) { setWhatsappChannel(on: $on) { chatbotInvoiceUploadEnabled } }',
        { on },
        ana,
      );
    expect((await turn(false)).data?.setWhatsappChannel).toEqual({ chatbotInvoiceUploadEnabled: false });
    expect(await lastText(WITH_NINTH, 'saldo')).toBe(
      'Olá, Ana! O WhatsApp do Clube está desligado na sua conta. Para ligar, abra http://clube.test/perfil e ative "Enviar notas pelo WhatsApp".',
    );
    expect((await turn(true)).data?.setWhatsappChannel).toEqual({ chatbotInvoiceUploadEnabled: true });
    expect(await lastText(WITH_NINTH, 'saldo')).toMatch(/^Seu saldo/);
    expect((await gql(t.app, 'mutation { setWhatsappChannel(on: true) { id } }')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('what a member asks', () => {
  it('answers saldo with the balance, notas with the last five, prêmios with the nearest reward and its link', async () => {
    expect(await lastText(WITH_NINTH, 'notas')).toBe(
      'Você ainda não enviou notas. Mande a foto da nota com a chave de acesso na legenda.',
    );
    expect(await lastText(WITH_NINTH, 'prêmios')).toBe(
      'O prêmio mais perto de você: Avental de raspa de couro, 350 pontos. Faltam 350. http://clube.test/premios/avental-couro',
    );
    await appendEntries(
      t.db,
      anaId,
      [{ userId: anaId, kind: 'credit', points: 1300, description: 'Crédito' }],
      new Date(clock.now()),
    );
    expect(await lastText(WITH_NINTH, 'saldo')).toBe(
      'Seu saldo: 1.300 pontos. Nenhum ponto vence nos próximos 30 dias.',
    );
    expect(await lastText(WITH_NINTH, 'premio')).toMatch(
      /^O prêmio mais perto de você: .+, [\d.]+ pontos\. Faltam \d+\. http:\/\/clube\.test\/premios\/[a-z0-9-]+$/,
    );
  });

  it('answers ajuda with the menu as buttons, a button as its word, and anything else with the menu', async () => {
    const [help] = (await say(WITH_NINTH, 'ajuda')).slice(-1);
    expect(help!.kind).toBe('interactive');
    expect(JSON.parse(help!.body)).toMatchObject({
      type: 'buttons',
      buttons: [
        { id: 'saldo', title: 'Saldo' },
        { id: 'notas', title: 'Notas' },
        { id: 'premios', title: 'Prêmios' },
      ],
    });
    expect(await lastText(WITH_NINTH, buttonFrom(WITH_NINTH, 'saldo', 'Saldo', clock.now()))).toMatch(/^Seu saldo/);
    expect(await lastText(WITH_NINTH, 'bom dia, tudo bem?')).toMatch(/^Não entendi\. Escreva saldo, notas, prêmios/);
  });
});

describe('the limits', () => {
  it('answers at most a number’s share of messages in ten minutes, keeping the rest', async () => {
    for (let i = 0; i < MESSAGES_PER_NUMBER + 3; i += 1) {
      await postWebhook(t.app, textFrom('5521999990001', 'saldo', clock.now()));
    }
    await workInbox(channelDepsOf(t), channelActor);
    const count = (direction: 'in' | 'out') =>
      t.db
        .selectFrom('whatsapp_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('wa_id', '=', '5521999990001')
        .where('direction', '=', direction)
        .executeTakeFirstOrThrow();
    expect(Number((await count('in')).n)).toBe(MESSAGES_PER_NUMBER + 3);
    expect(Number((await count('out')).n)).toBe(MESSAGES_PER_NUMBER);
  });

  it('answers freely only within 24 hours of the member’s last message', async () => {
    // Meta delivers a message a day and a half late: kept, not answered.
    expect(await say(WITH_NINTH, 'saldo', clock.now() - 36 * HOUR)).toEqual([]);
    await say(WITH_NINTH, 'saldo');
    // Later instants for the queue alone: the app's clock stays put, so its scheduled jobs do not run meanwhile.
    const at = (ms: number) => ({ db: t.db, config: { ...t.config, now: () => START + ms } });
    const to = { waId: WITH_NINTH, userId: anaId };
    await queueMessage(t.db, at(23 * HOUR), to, { type: 'text', text: 'Ainda dentro da janela.' });
    await expect(queueMessage(t.db, at(25 * HOUR), to, { type: 'text', text: 'Fora da janela.' })).rejects.toEqual(
      new WhatsappDomainError('FORA_DA_JANELA'),
    );
  });
});
