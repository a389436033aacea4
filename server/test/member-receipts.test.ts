import './esm-shims';
import { randomUUID } from 'node:crypto';
import type { RewardRow } from '../db/schema';
import { DEMO_MEMBER } from '../seed';
import { appendEntries } from '../modules/points';
import { findUserByCpf } from '../modules/users';
import { loadCodes } from '../modules/rewards/actions';
import { insertTestReward } from '../modules/rewards/test/test-reward';
import { JPEG, newKey, submit } from '../modules/invoices/test/upload-helpers';
import { createTestApp, fakeClock, gql, loginAs, operatorAt, type TestApp } from './helpers';

/*
 * A member's own moves each leave a receipt, once: an e-mail (the outbox of the embedded messenger) and a notice in
 * Avisos. A repeated call (same idempotency key, a cancelled order cancelled again) and a refused one leave none.
 */

let t: TestApp;
let anaId: number;
let ana: { authorization: string };
const START = Date.parse('2026-11-22T12:00:00.000Z');
const clock = fakeClock(START);

beforeEach(async () => {
  t = await createTestApp({ now: () => clock.now() });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
  ana = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
  await appendEntries(
    t.db,
    anaId,
    [{ userId: anaId, kind: 'credit', points: 5000, description: 'Crédito' }],
    new Date(START),
  );
});
afterEach(() => t.close());

/** The e-mails the member got since `since` (the outbox's id), oldest first. */
const mailsSince = async (since: number) =>
  t.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('recipient', '=', DEMO_MEMBER.email.toLowerCase())
    .where('channel', '=', 'email')
    .where('id', '>', since)
    .orderBy('id')
    .execute();
const lastOutboxId = async () =>
  Number(
    (
      await t.db
        .selectFrom('outbox')
        .select(({ fn }) => fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

interface Notice {
  title: string;
  body: string;
  url: string;
}
/** Avisos as the member reads them, newest first. */
const notices = async (): Promise<Notice[]> =>
  (
    await gql<{ notifications: { data: Notice[] } }>(
      t.app,
      '{ notifications(first: 20) { data { title body url } } }',
      {},
      ana,
    )
  ).data!.notifications.data;

const addReward = (slug: string, type: RewardRow['type'], points = 500) =>
  insertTestReward(t.db, slug, new Date(START), {
    category: 'vales',
    type,
    points,
    delivery: 'Apresente o código no caixa de qualquer loja parceira.',
  });

const REDEEM = `mutation R($input: RedeemRewardInput!) { redeemReward(input: $input) { id status } }`;
const redeem = (slug: string, idempotencyKey: string = randomUUID()) =>
  gql<{ redeemReward: { id: string; status: string } }>(t.app, REDEEM, { input: { slug, idempotencyKey } }, ana);

it('a voucher: the e-mail carries its code, validity and how to use it; the notice opens the order without the code', async () => {
  await addReward('vale-loja', 'vale');
  await loadCodes(operatorAt(t, START), 'vale-loja', 'VL-QX7P2,2027-05-31\n', 'equipe');
  const since = await lastOutboxId();
  const key = randomUUID();
  const order = (await redeem('vale-loja', key)).data!.redeemReward;
  expect(order.status).toBe('DELIVERED');

  const mails = await mailsSince(since);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Clube: Seu resgate e o código do prêmio');
  expect(mails[0]!.body).toContain(`resgate nº ${order.id} (Prêmio vale-loja) foi registrado: 500 pontos`);
  expect(mails[0]!.body).toContain('Seu código: VL-QX7P2');
  expect(mails[0]!.body).toContain('Válido até 31/05/2027.');
  expect(mails[0]!.body).toContain('Como usar: Apresente o código no caixa de qualquer loja parceira.');
  expect(mails[0]!.body).toContain(`/meus-resgates#pedido-${order.id}`);

  const [notice] = await notices();
  expect(notice).toEqual({
    title: 'Resgate feito: código pronto',
    body: `Seu resgate nº ${order.id} (Prêmio vale-loja) foi registrado: −500 pontos. Toque em “Mostrar código” para ver o código e como usar.`,
    url: `/meus-resgates#pedido-${order.id}`,
  });
  // A notice is also a push, read on a locked screen: the code stays behind "Mostrar código".
  expect(notice!.body).not.toContain('VL-QX7P2');

  // The same attempt again (a retry after a lost answer) is the same order, with no second receipt.
  expect((await redeem('vale-loja', key)).data!.redeemReward.id).toBe(order.id);
  expect(await mailsSince(since)).toHaveLength(1);
  expect((await notices()).filter((n) => n.url === `/meus-resgates#pedido-${order.id}`)).toHaveLength(1);
});

it('a product redeemed then cancelled by the member: one receipt each, none for a repeated cancel or a refusal', async () => {
  await addReward('serrote', 'experiencia');
  await addReward('caro', 'experiencia', 1_000_000);
  const since = await lastOutboxId();
  const order = (await redeem('serrote')).data!.redeemReward;
  const CANCEL = `mutation C($id: ID!) { cancelRewardOrder(id: $id) { status } }`;
  expect((await gql<{ cancelRewardOrder: { status: string } }>(t.app, CANCEL, { id: order.id }, ana)).data).toEqual({
    cancelRewardOrder: { status: 'CANCELLED' },
  });
  await gql(t.app, CANCEL, { id: order.id }, ana);
  expect((await redeem('caro')).errors?.[0]?.message).toMatch(/^Faltam/);

  const mails = await mailsSince(since);
  expect(mails.map((m) => m.subject)).toEqual([
    'Clube: Seu resgate foi registrado',
    'Clube: Seu resgate foi cancelado',
  ]);
  expect(mails[0]!.body).toContain('Como será entregue: Apresente o código');
  expect(mails[1]!.body).toContain(
    `resgate nº ${order.id} (Prêmio serrote) foi cancelado como você pediu. Os 500 pontos`,
  );
  const mine = (await notices()).filter((n) => n.url === `/meus-resgates#pedido-${order.id}`);
  expect(mine.map((n) => n.title)).toEqual(['Resgate cancelado', 'Resgate feito']);
  expect(mine[0]!.body).toContain('foi cancelado como você pediu');
});

it('a partner transfer: a receipt of the request, and none for its retry', async () => {
  await gql(t.app, `mutation { linkPointsPartner(accountId: "12345678") { linkedAccount } }`, {}, ana);
  const since = await lastOutboxId();
  const TRANSFER = `mutation T($input: PartnerTransferInput!) { transferToPointsPartner(input: $input) { id status } }`;
  const input = { points: 1000, idempotencyKey: randomUUID() };
  const sent = await gql<{ transferToPointsPartner: { id: string; status: string } }>(t.app, TRANSFER, { input }, ana);
  const { id } = sent.data!.transferToPointsPartner;
  await gql(t.app, TRANSFER, { input }, ana);

  const mails = await mailsSince(since);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Clube: Sua transferência de pontos foi solicitada');
  expect(mails[0]!.body).toContain(`transferência nº ${id} para`);
  expect(mails[0]!.body).toContain('1.000 pontos do clube saíram do seu saldo e 1.000 pontos vão para a sua conta');
  expect(mails[0]!.body).toContain('em até 24 horas');
  const requested = (await notices()).filter((n) => n.title === 'Transferência solicitada');
  expect(requested).toHaveLength(1);
  expect(requested[0]).toMatchObject({ url: '/premios/transferir' });
  expect(requested[0]!.body).toContain(`transferência nº ${id} de 1.000 pontos`);
});

it('an invoice the waiting queue sent gets a receipt; one sent from the form, or its retry, does not', async () => {
  const token = ana.authorization.replace('Bearer ', '');
  const since = await lastOutboxId();
  await submit(t.app, token, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }]);
  expect(await mailsSince(since)).toEqual([]);
  expect((await notices()).filter((n) => n.title === 'Nota enviada')).toEqual([]);

  const waited = { accessKey: newKey(), idempotencyKey: randomUUID(), waitedOnDevice: true };
  const first = await submit(t.app, token, waited, [{ name: 'nota.jpg', content: JPEG }]);
  const again = await submit(t.app, token, waited, [{ name: 'nota.jpg', content: JPEG }]);
  expect(again.data!.submitInvoice.id).toBe(first.data!.submitInvoice.id);
  const number = Number(waited.accessKey.slice(25, 34));

  const mails = await mailsSince(since);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Clube: Sua nota fiscal foi enviada');
  expect(mails[0]!.body).toContain(`NF-e nº ${number}, guardada no aparelho enquanto não havia sinal`);
  expect((await notices()).filter((n) => n.title === 'Nota enviada')).toEqual([
    {
      title: 'Nota enviada',
      body: `Sua NF-e nº ${number}, guardada no aparelho sem sinal, foi enviada e está em análise.`,
      url: '/minhas-nfs',
    },
  ]);
});
