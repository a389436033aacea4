import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { enrolStaff, painelGql } from '../../test/staff';
import { findUserByCpf } from '../users';
import { channelActor, workInbox } from '.';
import { HANDOVER_REPLY } from './bot';
import { WHATSAPP_REFUSALS } from './errors';
import { SUPPORT_MESSAGES } from './staff-support';
import { channelDepsOf, postWebhook, textFrom } from './test/meta';

/**
 * "atendente" hands a member's conversation to a person: atendimento reads it in the painel and answers within
 * WhatsApp's 24-hour window, each answer and end audited; the member's logout ends it. SQLite and PostgreSQL.
 */

const ANA = '5511987654321';
const HOUR = 60 * 60 * 1000;
const clock = fakeClock(Date.parse('2026-11-22T12:00:00.000Z'));
let t: TestApp;
let anaId: string;
let atendimento: string;

const CONVERSATION = `query ($id: ID!) { staffWhatsappConversation(memberId: $id) {
  handedOverAt canReplyUntil lines { direction text state } } }`;
const REPLY = `mutation ($id: ID!, $text: String!) { staffWhatsappReply(memberId: $id, text: $text) {
  lines { direction text } } }`;
const END = 'mutation ($id: ID!) { staffWhatsappEndHandover(memberId: $id) { handedOverAt } }';

interface Conversation {
  handedOverAt: string | null;
  canReplyUntil: string | null;
  lines: { direction: string; text: string; state: string | null }[];
}

beforeEach(async () => {
  t = await createTestApp({ now: () => clock.now() });
  anaId = String((await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id);
  atendimento = (await enrolStaff(t, { email: 'atendimento@clube.test', roles: ['atendimento'] })).token;
});
afterEach(() => t.close());

async function anaWrites(text: string) {
  expect((await postWebhook(t.app, textFrom(ANA, text, clock.now()))).statusCode).toBe(200);
  await workInbox(channelDepsOf(t), channelActor);
}

const conversation = async (token = atendimento) =>
  (await painelGql<{ staffWhatsappConversation: Conversation }>(t.app, CONVERSATION, { id: anaId }, token)).data!
    .staffWhatsappConversation;

const clubSaid = async () => (await conversation()).lines.filter((l) => l.direction === 'out').map((l) => l.text);

const auditOf = (action: string) =>
  t.db.selectFrom('staff_audit').select(['actor_name', 'object_id', 'after']).where('action', '=', action).execute();

it('hands the conversation to a person, who reads it and answers within the window, audited', async () => {
  await anaWrites('atendente');
  await anaWrites('Minha nota de ontem não apareceu');
  // The bot leaves what she writes to the person; commands it still answers.
  expect(await clubSaid()).toEqual([HANDOVER_REPLY]);
  await anaWrites('saldo');
  expect((await clubSaid()).at(-1)).toMatch(/^Seu saldo: /);

  const seen = await conversation();
  expect(seen.handedOverAt).toBe(new Date(clock.now()).toISOString());
  expect(seen.canReplyUntil).toBe(new Date(clock.now() + 24 * HOUR).toISOString());
  expect(seen.lines.map((l) => l.text)).toContain('Minha nota de ontem não apareceu');

  const answer = 'Oi, Ana! Vou verificar a sua nota agora.';
  const replied = await painelGql<{ staffWhatsappReply: Conversation }>(
    t.app,
    REPLY,
    { id: anaId, text: answer },
    atendimento,
  );
  expect(replied.errors).toBeUndefined();
  expect(replied.data!.staffWhatsappReply.lines.at(-1)).toEqual({ direction: 'out', text: answer });
  expect(await auditOf('whatsapp.reply')).toEqual([
    {
      actor_name: expect.stringContaining('<atendimento@clube.test>'),
      object_id: anaId,
      after: JSON.stringify({ resposta: answer }),
    },
  ]);

  const empty = await painelGql(t.app, REPLY, { id: anaId, text: '   ' }, atendimento);
  expect(empty.errors?.[0]?.extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { text: SUPPORT_MESSAGES.empty },
  });
  const revisor = (await enrolStaff(t, { email: 'revisor@clube.test', roles: ['revisor'] })).token;
  expect((await painelGql(t.app, REPLY, { id: anaId, text: 'oi' }, revisor)).errors?.[0]?.extensions?.code).toBe(
    'FORBIDDEN',
  );

  clock.advance(25 * HOUR);
  // A day later the painel session is long over: the next morning's shift signs in.
  const nextShift = (await enrolStaff(t, { email: 'manha@clube.test', roles: ['atendimento'] })).token;
  expect((await conversation(nextShift)).canReplyUntil).toBeNull();
  const late = await painelGql(t.app, REPLY, { id: anaId, text: 'Ainda por aí?' }, nextShift);
  expect(late.errors?.[0]?.message).toBe(WHATSAPP_REFUSALS.FORA_DA_JANELA.message);
  expect(await auditOf('whatsapp.reply')).toHaveLength(1);
});

it('ends by the person, who tells the member, or by the member leaving the app', async () => {
  await anaWrites('atendente');
  const ended = await painelGql<{ staffWhatsappEndHandover: Conversation }>(t.app, END, { id: anaId }, atendimento);
  expect(ended.data!.staffWhatsappEndHandover.handedOverAt).toBeNull();
  expect((await clubSaid()).at(-1)).toBe(SUPPORT_MESSAGES.ended);
  expect(await auditOf('whatsapp.end-handover')).toHaveLength(1);
  await anaWrites('Obrigado');
  expect((await clubSaid()).at(-1)).toMatch(/^Não entendi\./);

  await anaWrites('atendente');
  expect((await conversation()).handedOverAt).not.toBeNull();
  clock.advance(60_000);
  const session = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
  await gql(t.app, 'mutation ($t: String) { logout(refreshToken: $t) { success } }', { t: session.refresh_token });
  expect((await conversation()).handedOverAt).toBeNull();
  await anaWrites('Alguém aí?');
  expect((await clubSaid()).at(-1)).toMatch(/^Não entendi\./);
});
