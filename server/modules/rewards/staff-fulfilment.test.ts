import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type FakeClock, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { reportedPage } from '../device-sessions/test-page';
import { appendEntries, getBalance } from '../points';
import { findUserByCpf } from '../users';
import { generateCodes, separateOrder } from '.';

let t: TestApp;
let clock: FakeClock;
let anaId: number;
let ana: { authorization: string };
let paula: EnrolledStaff;

beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: clock.now });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
  ana = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
  paula = await enrolStaff(t, { email: 'paula@clube.test', roles: ['premios'], name: 'Paula Prêmios' });
  await appendEntries(
    t.db,
    anaId,
    [{ userId: anaId, kind: 'credit', points: 20_000, description: 'Crédito' }],
    new Date(clock.now()),
  );
});
afterEach(() => t.close());

const redeem = async (slug: string, headers: Record<string, string> = ana) => {
  const res = await gql<{ redeemReward: { id: string } }>(
    t.app,
    'mutation R($input: RedeemRewardInput!) { redeemReward(input: $input) { id } }',
    { input: { idempotencyKey: randomUUID(), slug } },
    headers,
  );
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.redeemReward.id;
};

const ORDER = `id status rewardName points member { name cpfMasked } address { city uf } carrier trackingCode
  cancelReason reviewReason codeIssued refundedPoints events { status note } actions { actor action detail } allowed`;
const QUEUE = `query ($status: StaffRewardOrderStatus, $first: Int, $after: String) {
  staffRewardOrders(status: $status, first: $first, after: $after) {
    rows { id status rewardName member { name cpfMasked } city uf createdAt waitingSince }
    nextCursor
  }
}`;
const ONE = `query ($id: ID!) { staffRewardOrder(id: $id) { ${ORDER} } }`;
const SEPARATE = `mutation ($id: ID!) { staffSeparateRewardOrder(id: $id) { ${ORDER} } }`;
const SHIP = `mutation ($id: ID!, $tracking: String!, $carrier: String) {
  staffShipRewardOrder(id: $id, trackingCode: $tracking, carrier: $carrier) { ${ORDER} } }`;
const TRACKING = `mutation ($id: ID!, $tracking: String!, $carrier: String) {
  staffCorrectRewardTracking(id: $id, trackingCode: $tracking, carrier: $carrier) { ${ORDER} } }`;
const DELIVER = `mutation ($id: ID!) { staffDeliverRewardOrder(id: $id) { ${ORDER} } }`;
const CANCEL = `mutation ($id: ID!, $reason: String!) { staffCancelRewardOrder(id: $id, reason: $reason) { ${ORDER} } }`;
const RELEASE = `mutation ($id: ID!) { staffReleaseRewardOrder(id: $id) { ${ORDER} } }`;
const STOCK = `{ staffRewardStock { slug stock givesCode freeCodes givenCodes } }`;
const SET_STOCK = `mutation ($slug: String!, $stock: Int!) { staffSetRewardStock(slug: $slug, stock: $stock) { slug stock } }`;
const ADD_CODES = `mutation ($slug: String!, $codes: String!, $validUntil: String) {
  staffAddRewardCodes(slug: $slug, codes: $codes, validUntil: $validUntil) { added skipped reward { freeCodes givenCodes } } }`;
const GENERATE = `mutation ($slug: String!, $count: Int!, $prefix: String) {
  staffGenerateRewardCodes(slug: $slug, count: $count, prefix: $prefix) { added reward { freeCodes } } }`;

interface Order {
  id: string;
  status: string;
  member: { name: string; cpfMasked: string };
  address: { city: string; uf: string } | null;
  trackingCode: string | null;
  refundedPoints: number;
  events: { status: string; note: string | null }[];
  actions: { actor: string; action: string; detail: string | null }[];
  allowed: string[];
  codeIssued: boolean;
  reviewReason: string | null;
}
type Queue = {
  staffRewardOrders: { rows: (Order & { city: string | null; uf: string | null })[]; nextCursor: string | null };
};

const call = <T>(query: string, variables: Record<string, unknown> = {}, token = paula.token) =>
  painelGql<T>(t.app, query, variables, token);
const messageOf = (res: { errors?: { message: string }[] }) => res.errors?.[0]?.message;
const trail = (objectId: string) =>
  t.db
    .selectFrom('staff_audit')
    .select(['actor_kind', 'actor_name', 'role', 'action', 'before', 'after'])
    .where('object_id', '=', objectId)
    .where('action', 'like', 'reward.%')
    .orderBy('id')
    .execute();
const outboxFor = (email: string) =>
  t.db.selectFrom('outbox').select(['channel', 'body']).where('recipient', '=', email).orderBy('id').execute();

describe('the order queue', () => {
  it('lists open orders oldest first a page at a time, each status on its own, with the member masked', async () => {
    const first = await redeem('trena-laser-40m');
    clock.advance(60_000);
    const second = await redeem('avental-couro');
    clock.advance(60_000);
    const third = await redeem('grampos-sargento-4');
    await separateOrder(t, third, 'expedicao');
    // The terminal's move lands in the staff's trail too, as the terminal's operator.
    expect(await trail(third)).toEqual([
      expect.objectContaining({
        actor_kind: 'terminal',
        actor_name: 'expedicao',
        role: null,
        action: 'reward.separate',
      }),
    ]);

    const page = await call<Queue>(QUEUE, { first: 2 });
    expect(page.data?.staffRewardOrders.rows.map((r) => r.id)).toEqual([first, second]);
    expect(page.data?.staffRewardOrders.rows[0]).toMatchObject({
      status: 'REQUESTED',
      rewardName: expect.any(String),
      member: { cpfMasked: '***.982.***-25' },
      city: 'São Paulo',
      uf: 'SP',
    });
    expect(JSON.stringify(page.data)).not.toContain(DEMO_MEMBER.cpf.replace(/\D/g, ''));
    const rest = await call<Queue>(QUEUE, { first: 2, after: page.data?.staffRewardOrders.nextCursor });
    expect(rest.data?.staffRewardOrders).toMatchObject({
      rows: [{ id: third, status: 'SEPARATING' }],
      nextCursor: null,
    });

    const ids = async (status: string) =>
      (await call<Queue>(QUEUE, { status })).data?.staffRewardOrders.rows.map((r) => r.id);
    expect(await ids('REQUESTED')).toEqual([first, second]);
    expect(await ids('SEPARATING')).toEqual([third]);
    expect(await ids('SHIPPED')).toEqual([]);
    expect(messageOf(await call(QUEUE, { first: 500 }))).toBe('Peça de 1 a 50 resgates por página.');
  });

  it('refuses a member’s token, and staff without the premios role', async () => {
    const id = await redeem('trena-laser-40m');
    const member = await painelGql(t.app, QUEUE, {}, ana.authorization.replace('Bearer ', ''));
    expect(codeOf(member)).toBe('UNAUTHENTICATED');
    expect(member.data ?? null).toBeNull();
    const reviewer = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'] });
    expect(codeOf(await call(SEPARATE, { id }, reviewer.token))).toBe('FORBIDDEN');
    expect((await call<{ staffRewardOrder: Order }>(ONE, { id })).data?.staffRewardOrder.status).toBe('REQUESTED');
  });
});

describe('one order', () => {
  it('separates, ships with a validated tracking code and delivers, each move in the timeline, told to the member and audited', async () => {
    const id = await redeem('trena-laser-40m');
    const shown = await call<{ staffRewardOrder: Order }>(ONE, { id });
    expect(shown.data?.staffRewardOrder).toMatchObject({
      status: 'REQUESTED',
      member: { name: 'Ana Souza', cpfMasked: '***.982.***-25' },
      address: { city: 'São Paulo', uf: 'SP' },
      allowed: ['SEPARATE', 'SHIP', 'CANCEL'],
    });
    // Not shipped yet: delivering is refused in pt-BR, and nothing moves.
    expect(messageOf(await call(DELIVER, { id }))).toBe(
      'O resgate está "solicitado": só passa a "entregue" a partir de "enviado".',
    );

    const separated = await call<{ staffSeparateRewardOrder: Order }>(SEPARATE, { id });
    expect(separated.data?.staffSeparateRewardOrder).toMatchObject({
      status: 'SEPARATING',
      allowed: ['SHIP', 'CANCEL'],
    });
    const bad = await call(SHIP, { id, tracking: 'BR 12' });
    expect(messageOf(bad)).toBe('Código de rastreio inválido: de 4 a 40 letras, números ou hífens.');
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(messageOf(await call(SHIP, { id, tracking: 'BR123456789BR', carrier: 'x'.repeat(61) }))).toBe(
      'O nome da transportadora pode ter no máximo 60 caracteres.',
    );
    const shipped = await call<{ staffShipRewardOrder: Order }>(SHIP, { id, tracking: 'QB123456789BR' });
    expect(shipped.data?.staffShipRewardOrder).toMatchObject({
      status: 'SHIPPED',
      carrier: 'Correios',
      trackingCode: 'QB123456789BR',
      allowed: ['DELIVER', 'TRACKING', 'CANCEL'],
    });
    const delivered = await call<{ staffDeliverRewardOrder: Order }>(DELIVER, { id });
    expect(delivered.data?.staffDeliverRewardOrder).toMatchObject({ status: 'DELIVERED', allowed: [] });
    expect(delivered.data?.staffDeliverRewardOrder.events).toEqual([
      { status: 'REQUESTED', note: null },
      { status: 'SEPARATING', note: null },
      { status: 'SHIPPED', note: 'Correios · QB123456789BR' },
      { status: 'DELIVERED', note: null },
    ]);
    expect(messageOf(await call(CANCEL, { id, reason: 'Produto com defeito' }))).toBe('Este resgate já foi entregue.');

    // The member's own page reads the tracking code; the redemption's receipt and an e-mail for each move, and an
    // SMS with the tracking code.
    const mine = await gql<{ myRewardOrders: { data: { status: string; trackingCode: string }[] } }>(
      t.app,
      '{ myRewardOrders { data { status trackingCode } } }',
      {},
      ana,
    );
    expect(mine.data?.myRewardOrders.data[0]).toEqual({ status: 'DELIVERED', trackingCode: 'QB123456789BR' });
    const sent = await outboxFor(DEMO_MEMBER.email);
    expect(sent.filter((m) => m.channel === 'email')).toHaveLength(4);
    expect(sent.some((m) => m.body.includes(`resgate nº ${id}`) && m.body.includes('QB123456789BR'))).toBe(true);
    // The redemption and each move are in the member's inbox too, newest first, each opening the order; the
    // shipping notice names the parcel by its tracking code.
    const inbox = await gql<{
      notifications: { data: { kind: string; title: string; body: string; url: string }[]; unreadCount: number };
    }>(t.app, '{ notifications(first: 10) { data { kind title body url } unreadCount } }', {}, ana);
    expect(inbox.data?.notifications.unreadCount).toBe(4);
    expect(inbox.data?.notifications.data.map((n) => n.kind)).toEqual(['REWARDS', 'REWARDS', 'REWARDS', 'REWARDS']);
    expect(inbox.data?.notifications.data.every((n) => n.url === `/meus-resgates#pedido-${id}`)).toBe(true);
    expect(inbox.data?.notifications.data.find((n) => n.title === 'Resgate enviado')?.body).toMatch(
      new RegExp(`^Seu resgate nº ${id} \\(.+\\) foi enviado\\. Código de rastreio: QB123456789BR \\(Correios\\)\\.`),
    );

    // Both audits: the order's own (the terminal's `orders` reads it) and the staff's trail, with who and the role.
    const staffName = 'Paula Prêmios <paula@clube.test>';
    expect(delivered.data?.staffDeliverRewardOrder.actions.map((a) => [a.actor, a.action])).toEqual([
      [staffName, 'separating'],
      [staffName, 'shipped'],
      [staffName, 'delivered'],
    ]);
    const lines = await trail(id);
    expect(lines.map((l) => [l.actor_kind, l.actor_name, l.role, l.action])).toEqual([
      ['staff', staffName, 'premios', 'reward.separate'],
      ['staff', staffName, 'premios', 'reward.ship'],
      ['staff', staffName, 'premios', 'reward.deliver'],
    ]);
    expect(JSON.parse(lines[1]!.before!)).toEqual({ status: 'separating' });
    expect(JSON.parse(lines[1]!.after!)).toEqual({
      status: 'shipped',
      carrier: 'Correios',
      tracking_code: 'QB123456789BR',
    });
  });

  it('corrects a shipped order’s tracking code: the timeline keeps both, the member is told the new one, audited', async () => {
    const id = await redeem('trena-laser-40m');
    expect(messageOf(await call(TRACKING, { id, tracking: 'QB999999999BR' }))).toBe(
      'O resgate está "solicitado": só o código de um resgate "enviado" pode ser corrigido.',
    );
    await call(SHIP, { id, tracking: 'QB123456789BR' });
    expect(messageOf(await call(TRACKING, { id, tracking: 'QB 9' }))).toBe(
      'Código de rastreio inválido: de 4 a 40 letras, números ou hífens.',
    );
    const corrected = await call<{ staffCorrectRewardTracking: Order }>(TRACKING, {
      id,
      tracking: 'AA123456789BR',
      carrier: 'Jadlog',
    });
    expect(corrected.data?.staffCorrectRewardTracking).toMatchObject({
      status: 'SHIPPED',
      carrier: 'Jadlog',
      trackingCode: 'AA123456789BR',
      allowed: ['DELIVER', 'TRACKING', 'CANCEL'],
      events: [
        { status: 'REQUESTED', note: null },
        { status: 'SHIPPED', note: 'Correios · QB123456789BR' },
        { status: 'SHIPPED', note: 'Rastreio corrigido: Jadlog · AA123456789BR' },
      ],
    });
    // The same code again changes nothing.
    const again = await call<{ staffCorrectRewardTracking: Order }>(TRACKING, {
      id,
      tracking: 'AA123456789BR',
      carrier: 'Jadlog',
    });
    expect(again.data?.staffCorrectRewardTracking.events).toHaveLength(3);

    const mine = await gql<{ myRewardOrders: { data: { trackingCode: string }[] } }>(
      t.app,
      '{ myRewardOrders { data { trackingCode } } }',
      {},
      ana,
    );
    expect(mine.data?.myRewardOrders.data[0]).toEqual({ trackingCode: 'AA123456789BR' });
    const inbox = await gql<{ notifications: { data: { title: string; body: string; url: string }[] } }>(
      t.app,
      '{ notifications(first: 1) { data { title body url } } }',
      {},
      ana,
    );
    expect(inbox.data?.notifications.data[0]).toMatchObject({
      title: 'Rastreio corrigido',
      body: expect.stringContaining('Novo código: AA123456789BR (Jadlog).'),
      url: `/meus-resgates#pedido-${id}`,
    });
    const sent = await outboxFor(DEMO_MEMBER.email);
    expect(
      sent.some(
        (m) => m.body.includes(`resgate nº ${id}`) && m.body.includes('Jadlog, código de rastreio AA123456789BR'),
      ),
    ).toBe(true);
    const lines = await trail(id);
    expect(lines.map((l) => l.action)).toEqual(['reward.ship', 'reward.tracking']);
    expect(JSON.parse(lines[1]!.before!)).toEqual({ carrier: 'Correios', trackingCode: 'QB123456789BR' });
    expect(JSON.parse(lines[1]!.after!)).toEqual({ carrier: 'Jadlog', trackingCode: 'AA123456789BR' });
  });

  it('cancels with a reason the member reads: the points come back to the ledger and the unit to the stock', async () => {
    const before = (await getBalance(t.db, anaId)).balance;
    const stockBefore = (
      await t.db.selectFrom('rewards').select('stock').where('slug', '=', 'trena-laser-40m').executeTakeFirstOrThrow()
    ).stock;
    const id = await redeem('trena-laser-40m');
    await call(SEPARATE, { id });
    expect(messageOf(await call(CANCEL, { id, reason: 'oi' }))).toBe(
      'Informe o motivo do cancelamento (de 5 a 300 caracteres): o membro o lê.',
    );
    const cancelled = await call<{ staffCancelRewardOrder: Order }>(CANCEL, {
      id,
      reason: 'Produto fora de linha no fornecedor',
    });
    expect(cancelled.data?.staffCancelRewardOrder).toMatchObject({
      status: 'CANCELLED',
      refundedPoints: 1800,
      allowed: [],
    });
    expect((await getBalance(t.db, anaId)).balance).toBe(before);
    const refund = await t.db
      .selectFrom('points_ledger')
      .select(['kind', 'points', 'description'])
      .where('user_id', '=', anaId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ kind: 'refund', points: 1800, description: `Estorno do resgate nº ${id}` });
    const stock = await t.db
      .selectFrom('rewards')
      .select('stock')
      .where('slug', '=', 'trena-laser-40m')
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(stockBefore);
    const [, line] = await trail(id);
    expect(line).toMatchObject({ action: 'reward.cancel', role: 'premios' });
    expect(JSON.parse(line!.after!)).toEqual({
      status: 'cancelled',
      reason: 'Produto fora de linha no fornecedor',
      refundedPoints: 1800,
    });
    const sent = await outboxFor(DEMO_MEMBER.email);
    expect(sent.at(-1)?.body).toContain('Motivo: Produto fora de linha no fornecedor. Os 1.800 pontos voltaram');
    expect(codeOf(await call(ONE, { id: '999999' }))).toBe('NOT_FOUND');
  });

  it('a held order moves only once released; released, a voucher gets its code', async () => {
    await generateCodes(t, 'vale-compra-100', { count: '2' }, 'equipe');
    const bot = await reportedPage(t.app, 'robo', {
      device: { userAgent: 'Mozilla/5.0 HeadlessChrome/131.0.0.0', webdriver: true, languages: ['pt-BR'] },
    });
    const id = await redeem('vale-compra-100', { ...ana, 'x-mgl-session-id': bot.sessionId });
    const held = await call<{ staffRewardOrder: Order }>(ONE, { id });
    expect(held.data?.staffRewardOrder).toMatchObject({
      status: 'IN_REVIEW',
      reviewReason: 'navegador automatizado',
      codeIssued: false,
      allowed: ['RELEASE', 'CANCEL'],
    });
    expect((await call<Queue>(QUEUE, { status: 'IN_REVIEW' })).data?.staffRewardOrders.rows.map((r) => r.id)).toEqual([
      id,
    ]);
    expect(messageOf(await call(SEPARATE, { id }))).toBe('Este resgate está em análise: libere-o ou cancele-o antes.');

    const released = await call<{ staffReleaseRewardOrder: Order }>(RELEASE, { id });
    expect(released.data?.staffReleaseRewardOrder).toMatchObject({
      status: 'DELIVERED',
      reviewReason: null,
      codeIssued: true,
    });
    // Never the code itself in the painel.
    const code = await t.db
      .selectFrom('reward_codes')
      .select('code')
      .where('order_id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(released.data)).not.toContain(code.code);
    const [line] = await trail(id);
    expect(line).toMatchObject({ action: 'reward.release', role: 'premios' });
    expect(JSON.parse(line!.before!)).toEqual({ status: 'requested', held: 'navegador automatizado' });
  });
});

describe('stock and code pools', () => {
  it('sets a stock, adds pasted codes and generates codes, each audited, with pt-BR refusals', async () => {
    const stock = await call<{ staffRewardStock: { slug: string; stock: number; givesCode: boolean }[] }>(STOCK);
    expect(stock.data?.staffRewardStock.find((r) => r.slug === 'trena-laser-40m')).toMatchObject({
      givesCode: false,
    });
    const set = await call<{ staffSetRewardStock: { stock: number } }>(SET_STOCK, {
      slug: 'trena-laser-40m',
      stock: 7,
    });
    expect(set.data?.staffSetRewardStock.stock).toBe(7);
    expect(messageOf(await call(SET_STOCK, { slug: 'trena-laser-40m', stock: -1 }))).toBe(
      'Estoque inválido: informe um número inteiro de 0 a 9999999.',
    );
    expect(codeOf(await call(SET_STOCK, { slug: 'nao-existe', stock: 1 }))).toBe('NOT_FOUND');

    const pasted = await call<{
      staffAddRewardCodes: { added: number; skipped: number; reward: { freeCodes: number } };
    }>(ADD_CODES, { slug: 'vale-compra-500', codes: 'código\nPARC-0001\nparc-0002;2027-06-30\n\n' });
    expect(pasted.data?.staffAddRewardCodes).toEqual({ added: 2, skipped: 0, reward: { freeCodes: 2, givenCodes: 0 } });
    const again = await call<{ staffAddRewardCodes: { added: number; skipped: number } }>(ADD_CODES, {
      slug: 'vale-compra-500',
      codes: 'PARC-0001\nPARC-0003',
    });
    expect(again.data?.staffAddRewardCodes).toMatchObject({ added: 1, skipped: 1 });
    expect(messageOf(await call(ADD_CODES, { slug: 'vale-compra-500', codes: 'ok-1234\nx' }))).toBe(
      'linha 2: código inválido (de 4 a 40 letras, números ou hífens).',
    );
    expect(messageOf(await call(ADD_CODES, { slug: 'trena-laser-40m', codes: 'ABCD-1234' }))).toBe(
      'trena-laser-40m é um prêmio do tipo produto: só vales e cursos têm códigos.',
    );
    expect(messageOf(await call(ADD_CODES, { slug: 'vale-compra-500', codes: 'A'.repeat(50_001) }))).toBe(
      'Cole no máximo 50.000 caracteres de uma vez (uns 4.000 códigos); para mais, use o terminal.',
    );
    const generated = await call<{ staffGenerateRewardCodes: { added: number; reward: { freeCodes: number } } }>(
      GENERATE,
      { slug: 'vale-compra-500', count: 5, prefix: 'CLUBE-' },
    );
    expect(generated.data?.staffGenerateRewardCodes).toEqual({ added: 5, reward: { freeCodes: 8 } });
    expect(messageOf(await call(GENERATE, { slug: 'vale-compra-500', count: 0 }))).toBe(
      'Quantidade inválida: gere de 1 a 10.000 códigos de uma vez.',
    );

    const lines = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'object_label', 'role', 'before', 'after'])
      .where('action', 'in', ['reward.stock', 'reward.codes'])
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.action, l.object_label, l.role])).toEqual([
      ['reward.stock', 'trena-laser-40m', 'premios'],
      ['reward.codes', 'vale-compra-500', 'premios'],
      ['reward.codes', 'vale-compra-500', 'premios'],
      ['reward.codes', 'vale-compra-500', 'premios'],
    ]);
    expect(JSON.parse(lines[0]!.after!)).toEqual({ stock: 7 });
    expect(JSON.parse(lines[3]!.after!)).toMatchObject({ free: 8, added: 5, how: 'gerados' });
    // The codes themselves never go to the trail.
    expect(JSON.stringify(lines)).not.toContain('PARC-0001');
  });
});

describe('the rewards desk as a CSV', () => {
  const csv = (token?: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/painel/premios.csv${query}`,
      headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('gives the desk the orders of a situation as a file, refuses other roles, and audits it', async () => {
    const first = await redeem('trena-laser-40m');
    const second = await redeem('avental-couro');
    expect((await painelGql(t.app, SEPARATE, { id: second }, paula.token)).errors).toBeUndefined();
    const reviewer = await enrolStaff(t, { email: 'rev@clube.test', roles: ['revisor'], name: 'Rui Revisor' });
    expect((await csv()).statusCode).toBe(401);
    expect((await csv(reviewer.token)).statusCode).toBe(403);

    const open = await csv(paula.token);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-disposition']).toMatch(/^attachment; filename="resgates-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = open.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('\ufeffpedido;feito em (Brasília);prêmio;pontos;membro;cidade;UF;situação;desde');
    const listed = (
      await painelGql<{ staffRewardOrders: { rows: { id: string }[] } }>(t.app, QUEUE, { first: 50 }, paula.token)
    ).data!.staffRewardOrders.rows.map((r) => r.id);
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(listed);
    expect(lines.find((line) => line.startsWith(`${first};`))).toMatch(
      /;Trena a laser 40 m;\d+;Ana [^;]+;[^;]*;[A-Z]{2};Solicitado;/,
    );

    const separating = (await csv(paula.token, '?status=SEPARATING')).body.split('\r\n').filter((l) => /^\d/.test(l));
    expect(separating.map((line) => line.split(';')[0])).toEqual([second]);
    expect(separating[0]).toContain(';Em separação;');

    const audited = await t.db
      .selectFrom('staff_audit')
      .select(['after'])
      .where('action', '=', 'reward.export')
      .orderBy('id')
      .execute();
    expect(audited.map((a) => JSON.parse(a.after!))).toEqual([{ status: null }, { status: 'SEPARATING' }]);
  });
});
