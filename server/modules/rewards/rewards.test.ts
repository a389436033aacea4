import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { insertTestReward } from './test/test-reward';
import { reportedPage } from '../device-sessions/test-page';
import { appendEntries, getBalance } from '../points';
import { generateCodes, importRewards, loadCodes, parseCodesCsv, releaseOrder, shipOrder } from './actions';
import { createMember, DEMO_EDITOR, findUserByCpf } from '../users';

let t: TestApp;
let anaId: number;
let ana: { authorization: string };
const START = Date.parse('2026-11-22T12:00:00.000Z');
let clock = fakeClock(START);
const at = () => new Date(clock.now());

beforeEach(async () => {
  clock = fakeClock(START);
  t = await createTestApp({ now: () => clock.now() });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
  ana = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
});
afterEach(() => t.close());

/** A fresh session after the clock moved by days. */
const relogin = async () => {
  ana.authorization = `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}`;
};

const credit = (userId: number, points: number) =>
  appendEntries(t.db, userId, [{ userId, kind: 'credit', points, description: 'Crédito' }], at());

const addReward = (slug: string, fields: Parameters<typeof insertTestReward>[3] = {}) =>
  insertTestReward(t.db, slug, at(), { category: 'ferramentas', ...fields });

const ORDER_FIELDS = `id status points trackingCode cancelReason refundedPoints
  address { cep address number city uf } reward { slug stock } events { status note }`;
const REDEEM = `mutation R($input: RedeemRewardInput!) { redeemReward(input: $input) { ${ORDER_FIELDS} } }`;
const CANCEL = `mutation C($id: ID!) { cancelRewardOrder(id: $id) { ${ORDER_FIELDS} } }`;

interface OrderAnswer {
  id: string;
  status: string;
  points: number;
  refundedPoints: number;
  address: { cep: string; city: string; uf: string } | null;
  reward: { slug: string; stock: number };
  events: { status: string; note: string | null }[];
}

const redeem = (headers: { authorization: string }, input: Record<string, unknown>) =>
  gql<{ redeemReward: OrderAnswer }>(t.app, REDEEM, { input: { idempotencyKey: randomUUID(), ...input } }, headers);

/** Everything a refused redemption must leave as it was. */
const state = async () => ({
  orders: (await t.db.selectFrom('reward_orders').select('id').execute()).length,
  events: (await t.db.selectFrom('reward_order_events').select('id').execute()).length,
  ledger: (await t.db.selectFrom('points_ledger').select('id').execute()).length,
  stock: (await t.db.selectFrom('rewards').select(['slug', 'stock']).orderBy('slug').execute()).map((r) => r.stock),
});

async function newMember(i: number) {
  const cpf = generateCpf(i + 1);
  const member = await createMember(t.db, {
    name: `Membro${i}`,
    surName: 'Teste',
    cpf,
    email: `membro${i}@exemplo.com.br`,
    password: 'Senha#forte1',
  });
  const { token } = await loginAs(t.app, `membro${i}@exemplo.com.br`, 'Senha#forte1');
  return { id: member.id, headers: { authorization: `Bearer ${token}` } };
}

/** A valid CPF from a seed number (the check digits computed). */
function generateCpf(seed: number): string {
  const base = String(100000000 + seed * 7919)
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((s, d, i) => s + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  const all = [...base, d1, d2].join('');
  return `${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6, 9)}-${all.slice(9)}`;
}

describe('reward catalogue', () => {
  it('lists what the member can take first, then the rest, each cheapest first, paginated, with the affordable filter and what is missing', async () => {
    await credit(anaId, 1000);
    await addReward('fora-de-epoca', { points: 100, active_from: '2027-01-01T03:00:00.000Z' });
    // Cheap but out of stock: not one she can take, so it comes after every one she can.
    await addReward('esgotado', { points: 10, stock: 0 });
    const page = async (args: Record<string, unknown>) =>
      (
        await gql<{
          rewards: {
            data: { slug: string; points: number; affordable: boolean; missingPoints: number }[];
            hasMore: boolean;
            nextCursor: string | null;
          };
        }>(
          t.app,
          `query Q($first: Int, $after: String, $category: RewardCategory, $affordable: Boolean) {
            rewards(first: $first, after: $after, category: $category, affordable: $affordable) {
              data { slug points affordable missingPoints } hasMore nextCursor } }`,
          args,
          ana,
        )
      ).data!.rewards;
    const first = await page({ first: 5 });
    expect(first.data).toHaveLength(5);
    expect(first.hasMore).toBe(true);
    expect(first.data.map((r) => r.slug)).not.toContain('fora-de-epoca');
    const all = [...first.data];
    let after = first.nextCursor;
    while (after) {
      const next = await page({ first: 5, after });
      all.push(...next.data);
      after = next.nextCursor;
    }
    expect(all).toHaveLength(13);
    expect(new Set(all.map((r) => r.slug)).size).toBe(13);
    const takeable = all.slice(
      0,
      all.findIndex((r) => r.slug === 'esgotado'),
    );
    const rest = all.slice(takeable.length);
    expect(takeable.length).toBeGreaterThan(0);
    expect(takeable.every((r) => r.affordable)).toBe(true);
    // The balance covers these, but no unit (or no voucher code) is left of them.
    expect(rest.filter((r) => r.affordable).map((r) => r.slug)).toContain('esgotado');
    for (const part of [takeable, rest]) {
      const points = part.map((r) => r.points);
      expect(points).toEqual([...points].sort((a, b) => a - b));
    }
    const expensive = all.find((r) => r.points > 1000)!;
    expect(expensive).toMatchObject({ affordable: false, missingPoints: expensive.points - 1000 });
    const affordable = await page({ first: 24, affordable: true });
    expect(affordable.data.map((r) => r.slug)).toEqual(takeable.map((r) => r.slug));
    expect(affordable.data.every((r) => r.points <= 1000 && r.affordable && r.missingPoints === 0)).toBe(true);
    const courses = await page({ category: 'CURSOS' });
    expect(courses.data.map((r) => r.slug).sort()).toEqual([
      'curso-acabamento-laca',
      'curso-projeto-moveis-planejados',
    ]);

    const one = await gql<{ reward: { name: string; needsAddress: boolean } }>(
      t.app,
      '{ reward(slug: "trena-laser-40m") { name needsAddress } }',
      {},
      ana,
    );
    expect(one.data?.reward).toEqual({ name: 'Trena a laser 40 m', needsAddress: true });
    for (const slug of ['nao-existe', 'fora-de-epoca']) {
      const missing = await gql(t.app, 'query Q($s: ID!) { reward(slug: $s) { name } }', { s: slug }, ana);
      expect(missing.errors?.[0]).toMatchObject({
        message: 'Prêmio não encontrado.',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    for (const args of [{ first: 100 }, { after: 'lixo' }, { category: 'OUTRA' }]) {
      const bad = await gql(
        t.app,
        'query Q($first: Int, $after: String, $category: RewardCategory) { rewards(first: $first, after: $after, category: $category) { hasMore } }',
        args,
        ana,
      );
      expect(bad.errors?.[0]?.message).toMatch(/[Pp]ágina|Valor inválido em "category"/);
    }
    const badPage = await gql(t.app, '{ rewards(first: 100) { hasMore } }', {}, ana);
    expect(badPage.errors?.[0]).toMatchObject({
      message: 'Peça de 1 a 24 itens por página.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('redeeming a reward', () => {
  it('spends the points, takes a unit, answers the order; the same key answers the same order', async () => {
    await credit(anaId, 2000);
    const idempotencyKey = randomUUID();
    const res = await redeem(ana, { slug: 'trena-laser-40m', idempotencyKey });
    expect(res.errors).toBeUndefined();
    const order = res.data!.redeemReward;
    expect(order).toMatchObject({
      status: 'REQUESTED',
      points: 1800,
      refundedPoints: 0,
      // A product goes to the profile's address when the order names none.
      address: { cep: '01310100', city: 'São Paulo', uf: 'SP' },
      reward: { slug: 'trena-laser-40m', stock: 39 },
      events: [{ status: 'REQUESTED', note: null }],
    });
    expect((await getBalance(t.db, anaId)).balance).toBe(200);
    const debit = await t.db.selectFrom('points_ledger').selectAll().where('kind', '=', 'redemption').execute();
    expect(debit).toHaveLength(1);
    expect(debit[0]!.points).toBe(-1800);

    const again = await redeem(ana, { slug: 'trena-laser-40m', idempotencyKey });
    expect(again.data?.redeemReward.id).toBe(order.id);
    expect((await getBalance(t.db, anaId)).balance).toBe(200);

    const mine = await gql<{ myRewardOrders: { data: { id: string }[]; hasMore: boolean } }>(
      t.app,
      '{ myRewardOrders(first: 5) { data { id } hasMore } }',
      {},
      ana,
    );
    expect(mine.data?.myRewardOrders).toEqual({ data: [{ id: order.id }], hasMore: false });
  });

  it('takes a delivery address for this order only', async () => {
    await credit(anaId, 1000);
    const res = await redeem(ana, {
      slug: 'avental-couro',
      address: { cep: '80010-000', address: 'Rua XV de Novembro', number: '50', city: 'Curitiba', uf: 'pr' },
    });
    expect(res.data?.redeemReward.address).toEqual({
      cep: '80010000',
      address: 'Rua XV de Novembro',
      number: '50',
      city: 'Curitiba',
      uf: 'PR',
    });
    const user = await t.db.selectFrom('users').select('cep').where('id', '=', anaId).executeTakeFirstOrThrow();
    expect(user.cep).toBe('01310100');
  });

  it('20 concurrent redemptions by a member whose balance covers one make exactly one order', async () => {
    await addReward('vale-unico', { points: 500, stock: 100 });
    await credit(anaId, 900);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(ana, { slug: 'vale-unico' })));
    const won = results.filter((r) => r.data?.redeemReward);
    expect(won).toHaveLength(1);
    const refusals = results.filter((r) => r.errors).map((r) => r.errors![0]!);
    expect(refusals).toHaveLength(19);
    for (const e of refusals) {
      expect(e).toMatchObject({
        message: 'Faltam 100 pontos para este prêmio.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    expect((await getBalance(t.db, anaId)).balance).toBe(400);
    expect(
      (await t.db.selectFrom('rewards').select('stock').where('slug', '=', 'vale-unico').executeTakeFirst())?.stock,
    ).toBe(99);
    expect(await t.db.selectFrom('reward_orders').select('id').execute()).toHaveLength(1);
  });

  it('20 members racing for the last unit: exactly one order', async () => {
    await addReward('ultima-unidade', { points: 300, stock: 1 });
    const members = [];
    for (let i = 0; i < 20; i += 1) {
      const member = i === 0 ? { id: anaId, headers: ana } : await newMember(i);
      await credit(member.id, 1000);
      members.push(member);
    }
    const results = await Promise.all(members.map((m) => redeem(m.headers, { slug: 'ultima-unidade' })));
    expect(results.filter((r) => r.data?.redeemReward)).toHaveLength(1);
    const refusals = results.filter((r) => r.errors).map((r) => r.errors![0]);
    expect(refusals).toHaveLength(19);
    for (const e of refusals)
      expect(e).toMatchObject({ message: 'Este prêmio esgotou.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(
      (await t.db.selectFrom('rewards').select('stock').where('slug', '=', 'ultima-unidade').executeTakeFirst())?.stock,
    ).toBe(0);
    const spent = await t.db.selectFrom('points_ledger').select('user_id').where('kind', '=', 'redemption').execute();
    expect(spent).toHaveLength(1);
  }, 60_000);

  it('holds the per-member limit under 20 concurrent redemptions, and the active dates', async () => {
    await addReward('limite-dois', { points: 100, stock: 50, per_member_limit: 2 });
    await credit(anaId, 5000);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(ana, { slug: 'limite-dois' })));
    expect(results.filter((r) => r.data?.redeemReward)).toHaveLength(2);
    const refusals = results.filter((r) => r.errors).map((r) => r.errors![0]);
    expect(refusals).toHaveLength(18);
    for (const e of refusals) {
      expect(e).toMatchObject({
        message: 'Você já trocou este prêmio 2 vezes, o limite por membro.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    expect((await getBalance(t.db, anaId)).balance).toBe(4800);

    await addReward('so-em-dezembro', {
      active_from: '2026-12-01T03:00:00.000Z',
      active_to: '2027-01-01T03:00:00.000Z',
    });
    const before = await state();
    const early = await redeem(ana, { slug: 'so-em-dezembro' });
    expect(early.errors?.[0]).toMatchObject({
      message: 'Este prêmio não está disponível para troca agora.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await state()).toEqual(before);
    clock.advance(Date.parse('2026-12-10T12:00:00.000Z') - clock.now());
    await relogin();
    expect((await redeem(ana, { slug: 'so-em-dezembro' })).errors).toBeUndefined();
    clock.advance(Date.parse('2027-01-02T12:00:00.000Z') - clock.now());
    await relogin();
    const late = await redeem(ana, { slug: 'so-em-dezembro' });
    expect(late.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses every bad input in Portuguese, changing nothing', async () => {
    await credit(anaId, 700);
    await addReward('esgotado', { stock: 0, points: 100 });
    await t.db.updateTable('users').set({ cep: null }).where('id', '=', anaId).execute();
    const before = await state();
    const cases: [Record<string, unknown>, string][] = [
      [{ slug: 'curso-projeto-moveis-planejados' }, 'Faltam 500 pontos para este prêmio.'],
      [{ slug: 'esgotado' }, 'Este prêmio esgotou.'],
      [{ slug: 'Não é slug' }, 'Prêmio inválido. Escolha um prêmio do catálogo.'],
      [{ slug: 'avental-couro', idempotencyKey: 'x' }, 'Chave de envio inválida.'],
      // A product without an address on the profile, and one given without a CEP.
      [{ slug: 'avental-couro' }, 'Informe o endereço de entrega: seu perfil não tem um endereço completo com CEP.'],
      [
        { slug: 'avental-couro', address: { cep: '', address: 'Rua A', number: '1', city: 'Curitiba', uf: 'PR' } },
        'Informe o CEP com 8 dígitos.',
      ],
      [
        {
          slug: 'avental-couro',
          address: { cep: '80010000', address: 'Rua A', number: '1', city: 'Curitiba', uf: 'ZZ' },
        },
        'Informe o estado (UF) do endereço de entrega.',
      ],
    ];
    for (const [input, message] of cases) {
      const res = await redeem(ana, input);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const unknown = await redeem(ana, { slug: 'nao-existe' });
    expect(unknown.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect(await state()).toEqual(before);
  });

  it('a disabled member cannot redeem', async () => {
    await credit(anaId, 1000);
    const before = await state();
    await t.db.updateTable('users').set({ disabled_at: at().toISOString() }).where('id', '=', anaId).execute();
    const res = await redeem(ana, { slug: 'avental-couro' });
    expect(res.errors?.[0]?.message).toBe('User disabled');
    expect(await state()).toEqual(before);
  });
});

describe('cancelling an order', () => {
  it('gives the points back as a refund linked to the order, and the unit to the stock', async () => {
    await credit(anaId, 1000);
    const order = (await redeem(ana, { slug: 'gabarito-dobradica-35' })).data!.redeemReward;
    expect((await getBalance(t.db, anaId)).balance).toBe(400);
    const res = await gql<{ cancelRewardOrder: OrderAnswer }>(t.app, CANCEL, { id: order.id }, ana);
    expect(res.errors).toBeUndefined();
    expect(res.data!.cancelRewardOrder).toMatchObject({
      status: 'CANCELLED',
      refundedPoints: 600,
      reward: { stock: 80 },
      events: [
        { status: 'REQUESTED', note: null },
        { status: 'CANCELLED', note: 'Cancelado por você.' },
      ],
    });
    expect((await getBalance(t.db, anaId)).balance).toBe(1000);
    const row = await t.db.selectFrom('reward_orders').selectAll().executeTakeFirstOrThrow();
    const refund = await t.db
      .selectFrom('points_ledger')
      .selectAll()
      .where('id', '=', row.refund_entry_id!)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ kind: 'refund', points: 600, description: `Estorno do resgate nº ${order.id}` });
    // Again: nothing more.
    await gql(t.app, CANCEL, { id: order.id }, ana);
    expect((await getBalance(t.db, anaId)).balance).toBe(1000);
    // The refunded points can be spent again.
    expect((await redeem(ana, { slug: 'gabarito-dobradica-35' })).errors).toBeUndefined();
  });

  it('only while requested; another member’s order answers NOT_FOUND', async () => {
    await credit(anaId, 1000);
    const order = (await redeem(ana, { slug: 'avental-couro' })).data!.redeemReward;
    const bia = await newMember(0);
    const before = await state();
    for (const id of [order.id, '999999', 'abc']) {
      const res = await gql(t.app, CANCEL, { id }, bia.headers);
      expect(res.errors?.[0]).toMatchObject({ message: 'Resgate não encontrado.', extensions: { code: 'NOT_FOUND' } });
    }
    await sql`update reward_orders set status = 'separating'`.execute(t.db);
    const res = await gql(t.app, CANCEL, { id: order.id }, ana);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await state()).toEqual(before);
  });
});

describe('vouchers and courses: codes from a pool', () => {
  const CODE_FIELDS = `id status code { value validUntil } reward { slug stock } events { status note }`;
  const redeemCode = (headers: { authorization: string }, slug: string, extra: Record<string, string> = {}) =>
    gql<{ redeemReward: { id: string; status: string; code: { value: string; validUntil: string } | null } }>(
      t.app,
      `mutation R($input: RedeemRewardInput!) { redeemReward(input: $input) { ${CODE_FIELDS} } }`,
      { input: { idempotencyKey: randomUUID(), slug } },
      { ...headers, ...extra },
    );
  const operator = () => ({ db: t.db, config: { ...t.config, now: () => clock.now() } });

  it('gives a code at once (the order is delivered), never the same code twice, and "Esgotado" when the pool is empty', async () => {
    await addReward('vale-teste', { type: 'vale', stock: 10 });
    await loadCodes(operator(), 'vale-teste', 'codigo,validade\nVT-AAAA1,2027-05-31\nvt-bbbb2\n', 'equipe', {
      validUntil: '2027-03-01',
    });
    await credit(anaId, 5000);
    const reward = async () =>
      (await gql<{ reward: { stock: number } }>(t.app, '{ reward(slug: "vale-teste") { stock } }', {}, ana)).data!
        .reward;
    // Ten units, two codes: two can be given.
    expect((await reward()).stock).toBe(2);

    const first = (await redeemCode(ana, 'vale-teste')).data!.redeemReward;
    expect(first).toMatchObject({ status: 'DELIVERED', code: { value: 'VT-AAAA1', validUntil: '2027-05-31' } });
    const second = (await redeemCode(ana, 'vale-teste')).data!.redeemReward;
    expect(second.code).toEqual({ value: 'VT-BBBB2', validUntil: '2027-03-01' });
    expect((await reward()).stock).toBe(0);

    const before = await state();
    const refused = await redeemCode(ana, 'vale-teste');
    expect(refused.errors?.[0]?.message).toBe('Este prêmio esgotou.');
    expect(await state()).toEqual(before);

    // The code is delivered: the member cannot hand it back for the points.
    const cancel = await gql(t.app, CANCEL, { id: first.id }, ana);
    expect(cancel.errors?.[0]?.message).toBe('O código deste resgate já foi entregue e não pode ser devolvido.');
  });

  it('20 members racing for 5 codes: exactly 5 orders, 5 different codes, the others refunded nothing because nothing was taken', async () => {
    await addReward('curso-teste', { type: 'curso', stock: 100, points: 300 });
    await generateCodes(operator(), 'curso-teste', { count: '5', prefix: 'CT-' }, 'equipe');
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => newMember(i)));
    for (const m of members) await credit(m.id, 300);
    const answers = await Promise.all(members.map((m) => redeemCode(m.headers, 'curso-teste')));
    const won = answers.filter((a) => a.data?.redeemReward);
    expect(won).toHaveLength(5);
    expect(new Set(won.map((a) => a.data!.redeemReward.code!.value)).size).toBe(5);
    expect(answers.filter((a) => a.errors?.[0]?.message === 'Este prêmio esgotou.')).toHaveLength(15);
    const balances = await Promise.all(members.map(async (m) => (await getBalance(t.db, m.id)).balance));
    expect(balances.filter((b) => b === 0)).toHaveLength(5);
    expect(balances.filter((b) => b === 300)).toHaveLength(15);
    const stock = await t.db.selectFrom('rewards').select('stock').where('slug', '=', 'curso-teste').executeTakeFirst();
    expect(stock?.stock).toBe(95);
  });

  it('loads a CSV only when every line is right, ignoring repeats, and generates codes from a readable alphabet', async () => {
    await addReward('vale-csv', { type: 'vale' });
    // Only the bad lines are named, by number: the repeat of line 1 is no problem.
    expect(() => parseCodesCsv('BOM-123\nruim!\nBOM-123\nX,2027-13-40', '2027-01-01')).toThrow(
      [
        'linha 2: código inválido (de 4 a 40 letras, números ou hífens).',
        'linha 4: código inválido (de 4 a 40 letras, números ou hífens).',
      ].join('\n'),
    );
    expect(parseCodesCsv('BOM-123\nbom-123\nOUTRO-1', '2027-01-01')).toEqual([
      { code: 'BOM-123', validUntil: '2027-01-01' },
      { code: 'OUTRO-1', validUntil: '2027-01-01' },
    ]);
    await expect(loadCodes(operator(), 'avental-couro', 'ABCD-1', 'equipe')).rejects.toThrow(
      'avental-couro é um prêmio do tipo produto: só vales e cursos têm códigos.',
    );
    const made = await generateCodes(operator(), 'vale-csv', { count: '50', length: '10', prefix: 'clube-' }, 'eu');
    expect(made).toEqual({ added: 50, skipped: 0, free: 50 });
    const codes = await t.db.selectFrom('reward_codes').select(['code', 'valid_until']).execute();
    for (const { code, valid_until } of codes) {
      expect(code).toMatch(/^CLUBE-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
      // 180 days from the club's today (2026-11-22).
      expect(valid_until).toBe('2027-05-21');
    }
    // A code already in a pool is skipped, not given twice.
    const again = await loadCodes(operator(), 'vale-csv', codes[0]!.code, 'eu');
    expect(again).toEqual({ added: 0, skipped: 1, free: 50 });
  });
});

describe('orders a risk rule holds', () => {
  it('an order from an automated browser waits "Em análise" without its code; released, it gets the code; the reason stays with the club', async () => {
    await addReward('vale-risco', { type: 'vale', points: 400 });
    await generateCodes({ db: t.db, config: t.config }, 'vale-risco', { count: '3' }, 'equipe');
    await credit(anaId, 1000);
    const bot = await reportedPage(t.app, 'robo', {
      device: { userAgent: 'Mozilla/5.0 HeadlessChrome/131.0.0.0', webdriver: true, languages: ['pt-BR'] },
    });
    const held = await gql<{ redeemReward: { id: string; status: string; code: unknown } }>(
      t.app,
      `mutation R($input: RedeemRewardInput!) { redeemReward(input: $input) { id status code { value } } }`,
      { input: { idempotencyKey: randomUUID(), slug: 'vale-risco' } },
      { ...ana, 'x-mgl-session-id': bot.sessionId },
    );
    expect(held.data?.redeemReward).toMatchObject({ status: 'IN_REVIEW', code: null });
    expect(JSON.stringify(held.data)).not.toMatch(/automatizado/);
    // The points are held with the order.
    expect((await getBalance(t.db, anaId)).balance).toBe(600);
    const id = held.data!.redeemReward.id;
    const row = await t.db.selectFrom('reward_orders').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    expect(row?.review_reason).toBe('navegador automatizado');

    const released = await releaseOrder({ db: t.db, config: t.config }, id, 'revisora');
    expect(released).toMatchObject({ changed: true, order: { status: 'delivered', review_reason: null } });
    const mine = await gql<{ myRewardOrders: { data: { status: string; code: { value: string } | null }[] } }>(
      t.app,
      '{ myRewardOrders { data { status code { value } } } }',
      {},
      ana,
    );
    expect(mine.data?.myRewardOrders.data[0]).toMatchObject({
      status: 'DELIVERED',
      code: { value: expect.any(String) },
    });
    // Releasing twice changes nothing.
    expect((await releaseOrder({ db: t.db, config: t.config }, id, 'revisora')).changed).toBe(false);
  });
});

describe('what the catalogue says of the member', () => {
  it('a reward at the member’s limit says so and leaves "Posso trocar agora", as does a sold-out one', async () => {
    await credit(anaId, 5000);
    await addReward('uma-vez', { points: 100, per_member_limit: 1 });
    await addReward('acabou', { points: 110, stock: 0 });
    // Units left but no code to give: as sold out as the other.
    await addReward('vale-sem-codigo', { points: 120, type: 'vale' });
    const affordable = async () =>
      (
        await gql<{ rewards: { data: { slug: string; limitReached: boolean }[] } }>(
          t.app,
          '{ rewards(first: 24, affordable: true) { data { slug limitReached } } }',
          {},
          ana,
        )
      ).data!.rewards.data.map((r) => r.slug);
    expect(await affordable()).toContain('uma-vez');
    expect(await affordable()).not.toContain('acabou');
    expect(await affordable()).not.toContain('vale-sem-codigo');
    await redeem(ana, { slug: 'uma-vez' });
    expect(await affordable()).not.toContain('uma-vez');
    const one = await gql<{ reward: { limitReached: boolean } }>(
      t.app,
      '{ reward(slug: "uma-vez") { limitReached } }',
      {},
      ana,
    );
    expect(one.data?.reward.limitReached).toBe(true);
  });

  it('a shipped order links to the carrier’s tracking page when the carrier has one', async () => {
    await credit(anaId, 1000);
    const order = (await redeem(ana, { slug: 'avental-couro' })).data!.redeemReward;
    const ops = { db: t.db, config: t.config };
    await shipOrder(ops, order.id, 'expedição', { tracking: 'QB123456789BR' });
    const read = async () =>
      (
        await gql<{ myRewardOrders: { data: { trackingUrl: string | null }[] } }>(
          t.app,
          '{ myRewardOrders { data { trackingUrl } } }',
          {},
          ana,
        )
      ).data!.myRewardOrders.data[0]!.trackingUrl;
    expect(await read()).toBe('https://rastreamento.correios.com.br/app/index.php?objetos=QB123456789BR');
    await t.db.updateTable('reward_orders').set({ carrier: 'Transportadora do Zé' }).execute();
    expect(await read()).toBeNull();
  });
});

describe('reward drafts', () => {
  it('a draft is previewed by an editor at its page only; members never see it and nobody takes it until it is published', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'premios-rascunho-'));
    const text = (name: string) =>
      `---\nname: ${name}\ncategory: acessorios\ntype: produto\npoints: 200\nstock: 5\ndelivery: Pelos Correios.\n---\nUm esquadro para conferir cada montagem.\n`;
    try {
      writeFileSync(path.join(folder, 'esquadro-novo.rascunho.md'), text('Esquadro novo'));
      const ops = { db: t.db, config: t.config };
      expect(await importRewards(ops, folder, 'conteudo')).toEqual({ added: ['esquadro-novo'], updated: [] });
      await credit(anaId, 1000);
      const editor = {
        authorization: `Bearer ${(await loginAs(t.app, DEMO_EDITOR.cpf, DEMO_EDITOR.password)).token}`,
      };
      const one = (headers: { authorization: string }) =>
        gql<{ reward: { name: string; draft: boolean } }>(
          t.app,
          '{ reward(slug: "esquadro-novo") { name draft } }',
          {},
          headers,
        );
      const listed = async () =>
        (
          await gql<{ rewards: { data: { slug: string }[] } }>(
            t.app,
            '{ rewards(first: 24) { data { slug } } }',
            {},
            editor,
          )
        ).data!.rewards.data.map((r) => r.slug);

      expect((await one(ana)).errors?.[0]?.message).toBe('Prêmio não encontrado.');
      expect((await one(editor)).data?.reward).toEqual({ name: 'Esquadro novo', draft: true });
      expect(await listed()).not.toContain('esquadro-novo');
      expect((await redeem(ana, { slug: 'esquadro-novo' })).errors?.[0]?.message).toBe(
        'Este prêmio ainda é um rascunho e não pode ser trocado.',
      );

      // Both files at once is a mistake the import names; publishing is the file without the mark.
      writeFileSync(path.join(folder, 'esquadro-novo.md'), text('Esquadro de alumínio'));
      await expect(importRewards(ops, folder, 'conteudo')).rejects.toThrow('tem arquivo publicado e rascunho');
      rmSync(path.join(folder, 'esquadro-novo.rascunho.md'));
      await importRewards(ops, folder, 'conteudo');
      expect((await one(ana)).data?.reward).toEqual({ name: 'Esquadro de alumínio', draft: false });
      expect(await listed()).toContain('esquadro-novo');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
