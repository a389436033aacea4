import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { insertTestReward } from './test/test-reward';
import { appendEntries } from '../points';
import { createMember, findUserByCpf } from '../users';

let t: TestApp;
const START = Date.parse('2026-11-22T12:00:00.000Z');
let clock = fakeClock(START);
const at = () => new Date(clock.now());

beforeEach(async () => {
  clock = fakeClock(START);
  t = await createTestApp({ now: () => clock.now() });
  // Only the rewards each test adds: the shipped catalogue would make every answer depend on its prices.
  await t.db.deleteFrom('rewards').execute();
});
afterEach(() => t.close());

type Headers = { authorization: string };

/** A member with no points and, unless asked, no address. */
async function newMember(
  address: Record<string, string> = {},
): Promise<{ id: number; headers: Headers; relogin: () => Promise<Headers> }> {
  const email = `membro-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const member = await createMember(t.db, {
    name: 'Bruno',
    surName: 'Teste',
    cpf: '111.444.777-35',
    email,
    password: 'Senha#forte1',
    ...address,
  });
  const relogin = async () => ({ authorization: `Bearer ${(await loginAs(t.app, email, 'Senha#forte1')).token}` });
  return { id: member.id, headers: await relogin(), relogin };
}

/** A credit written on a past day: it expires 12 months after that day. */
const creditOn = (userId: number, day: string, points: number) =>
  appendEntries(t.db, userId, [{ userId, kind: 'credit', points, description: `Crédito de ${day}` }], new Date(day));

const addReward = (slug: string, fields: Parameters<typeof insertTestReward>[3] = {}) =>
  insertTestReward(t.db, slug, at(), fields);

interface Preview {
  reward: { slug: string; affordable: boolean; missingPoints: number };
  balance: number;
  balanceAfter: number | null;
  spends: { points: number; expiresAt: string }[];
  address: { cep: string; address: string; number: string; city: string; uf: string } | null;
}

const preview = async (headers: Headers, slug: string) => {
  const res = await gql<{ redemptionPreview: Preview }>(
    t.app,
    `query P($slug: ID!) { redemptionPreview(slug: $slug) {
      reward { slug affordable missingPoints } balance balanceAfter spends { points expiresAt }
      address { cep address number city uf } } }`,
    { slug },
    headers,
  );
  return res;
};

const redeem = async (headers: Headers, slug: string, address?: Record<string, string>) => {
  const res = await gql<{ redeemReward: { id: string; points: number; address: { cep: string } | null } }>(
    t.app,
    `mutation R($input: RedeemRewardInput!) { redeemReward(input: $input) { id points address { cep } } }`,
    { input: { slug, idempotencyKey: randomUUID(), ...(address ? { address } : {}) } },
    headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.redeemReward;
};

const cancel = async (headers: Headers, id: string) => {
  const res = await gql(t.app, `mutation C($id: ID!) { cancelRewardOrder(id: $id) { id status } }`, { id }, headers);
  expect(res.errors).toBeUndefined();
};

interface Summary {
  balance: number;
  expiringIn30: number;
  expiringIn90: number;
  expiring: { date: string; points: number }[];
  history: { month: string; balance: number }[];
}

const summary = async (headers: Headers) =>
  (
    await gql<{ pointsSummary: Summary }>(
      t.app,
      '{ pointsSummary { balance expiringIn30 expiringIn90 expiring { date points } history { month balance } } }',
      {},
      headers,
    )
  ).data!.pointsSummary;

interface Entry {
  kind: string;
  points: number;
  description: string;
  orderId: string | null;
}

const entries = async (headers: Headers, kinds?: string[]) => {
  const res = await gql<{ pointsEntries: { data: Entry[] } }>(
    t.app,
    `query E($kinds: [PointsEntryKind!]) { pointsEntries(first: 20, kinds: $kinds) {
      data { kind points description orderId } } }`,
    kinds ? { kinds } : {},
    headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.pointsEntries.data;
};

describe('redemption preview', () => {
  it('names the points a redemption spends, the oldest first by expiry day, and the redemption spends exactly those', async () => {
    const { id, headers, relogin } = await newMember();
    await creditOn(id, '2025-12-08T15:00:00.000Z', 600); // expire 08/12/2026
    await creditOn(id, '2025-12-08T18:00:00.000Z', 380); // the same day: one line with the 600
    await creditOn(id, '2026-01-20T15:00:00.000Z', 1500); // expire 20/01/2027
    await addReward('plaina', { points: 1200 });

    const { data, errors } = await preview(headers, 'plaina');
    expect(errors).toBeUndefined();
    expect(data!.redemptionPreview).toEqual({
      reward: { slug: 'plaina', affordable: true, missingPoints: 0 },
      balance: 2480,
      balanceAfter: 1280,
      spends: [
        { points: 980, expiresAt: '2026-12-08T15:00:00.000Z' },
        { points: 220, expiresAt: '2027-01-20T15:00:00.000Z' },
      ],
      address: null,
    });

    const order = await redeem(headers, 'plaina');
    // What is left of each credit is what the forecasts count: December's 980 are spent, January keeps 1280.
    const after = await summary(headers);
    expect(after).toMatchObject({ balance: 1280, expiringIn30: 0, expiringIn90: 1280 });
    expect(after.expiring).toEqual([{ date: '2027-01-20', points: 1280 }]);
    // The chart: each month's end as the ledger had it, and this month the balance after the redemption.
    expect(after.history.slice(-3)).toEqual([
      { month: '2026-09', balance: 2480 },
      { month: '2026-10', balance: 2480 },
      { month: '2026-11', balance: 1280 },
    ]);
    expect(after.history.find((m) => m.month === '2025-12')).toEqual({ month: '2025-12', balance: 980 });
    // The extract shows the debit with its order; December's credits expire nothing on their day.
    expect((await entries(headers))[0]).toEqual({
      kind: 'REDEMPTION',
      points: -1200,
      description: 'Resgate: Prêmio plaina',
      orderId: order.id,
    });
    clock.advance(Date.parse('2026-12-09T12:00:00.000Z') - clock.now());
    const later = await relogin();
    expect((await summary(later)).balance).toBe(1280);
    expect((await entries(later, ['EXPIRY'])).length).toBe(0);
  });

  it('a partly spent credit keeps its remainder in the 30-day forecast; a cancelled order gives the points back to their credits', async () => {
    const { id, headers } = await newMember();
    await creditOn(id, '2025-12-08T15:00:00.000Z', 980);
    await creditOn(id, '2026-01-20T15:00:00.000Z', 1500);
    await addReward('grampo', { points: 500 });
    const before = await summary(headers);
    expect(before).toMatchObject({ balance: 2480, expiringIn30: 980, expiringIn90: 2480 });

    expect((await preview(headers, 'grampo')).data!.redemptionPreview.spends).toEqual([
      { points: 500, expiresAt: '2026-12-08T15:00:00.000Z' },
    ]);
    const order = await redeem(headers, 'grampo');
    expect(await summary(headers)).toMatchObject({ balance: 1980, expiringIn30: 480, expiringIn90: 1980 });
    expect((await summary(headers)).expiring).toEqual([
      { date: '2026-12-08', points: 480 },
      { date: '2027-01-20', points: 1500 },
    ]);

    await cancel(headers, order.id);
    const afterCancel = await summary(headers);
    expect(afterCancel).toMatchObject({ balance: 2480, expiringIn30: 980, expiringIn90: 2480 });
    const rewardsOnly = await entries(headers, ['REDEMPTION', 'REFUND']);
    expect(rewardsOnly.map((e) => [e.kind, e.points, e.orderId])).toEqual([
      ['REFUND', 500, order.id],
      ['REDEMPTION', -500, order.id],
    ]);
    expect(rewardsOnly[0]!.description).toBe(`Estorno do resgate nº ${order.id}`);
    // Credits are not adjustments any more, nor the other way round.
    expect((await entries(headers, ['ADJUSTMENT'])).length).toBe(0);
    expect((await entries(headers, ['CREDIT'])).map((e) => e.orderId)).toEqual([null, null]);
  });

  it('leaves out points already past their expiry, as the redemption does', async () => {
    const { id, headers } = await newMember();
    await creditOn(id, '2025-11-01T15:00:00.000Z', 700); // expired on 01/11/2026
    await creditOn(id, '2026-02-01T15:00:00.000Z', 400);
    await addReward('trena', { points: 300 });
    expect((await preview(headers, 'trena')).data!.redemptionPreview).toMatchObject({
      balance: 400,
      balanceAfter: 100,
      spends: [{ points: 300, expiresAt: '2027-02-01T15:00:00.000Z' }],
    });
  });

  it('a reward the balance does not cover shows what is missing and spends nothing', async () => {
    const { id, headers } = await newMember();
    await creditOn(id, '2026-02-01T15:00:00.000Z', 400);
    await addReward('serra', { points: 1000 });
    expect((await preview(headers, 'serra')).data!.redemptionPreview).toMatchObject({
      reward: { affordable: false, missingPoints: 600 },
      balance: 400,
      balanceAfter: null,
      spends: [],
    });
  });

  it("gives a product the profile's address, no address to other types, and none when the profile has no complete one", async () => {
    const ana = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!;
    const { token } = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    const anaHeaders = { authorization: `Bearer ${token}` };
    await appendEntries(t.db, ana.id, [{ userId: ana.id, kind: 'credit', points: 5000, description: 'Crédito' }], at());
    await addReward('tupia', { type: 'produto', points: 900 });
    await addReward('visita', { points: 900 });

    expect((await preview(anaHeaders, 'tupia')).data!.redemptionPreview.address).toEqual({
      cep: '01310100',
      address: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      uf: 'SP',
    });
    expect((await preview(anaHeaders, 'visita')).data!.redemptionPreview.address).toBeNull();
    const { headers } = await newMember({ cep: '01310100', address: 'Avenida Paulista' });
    expect((await preview(headers, 'tupia')).data!.redemptionPreview.address).toBeNull();
  });

  it('an address given for one order is the order’s, and the profile keeps its own', async () => {
    const { id, headers } = await newMember({
      cep: '01310100',
      address: 'Avenida Paulista',
      number: '1000',
      stateUf: 'SP',
      cityName: 'São Paulo',
    });
    await creditOn(id, '2026-02-01T15:00:00.000Z', 2000);
    await addReward('tupia', { type: 'produto', points: 900 });
    const order = await redeem(headers, 'tupia', {
      cep: '20040-002',
      address: 'Avenida Rio Branco',
      number: '15',
      city: 'Rio de Janeiro',
      uf: 'RJ',
    });
    expect(order.address).toEqual({ cep: '20040002' });
    expect((await preview(headers, 'tupia')).data!.redemptionPreview.address).toMatchObject({ cep: '01310100' });
  });

  it('answers NOT_FOUND for an unknown reward and UNAUTHENTICATED without a session', async () => {
    const { headers } = await newMember();
    expect((await preview(headers, 'nao-existe')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await addReward('plaina');
    expect((await preview({ authorization: '' }, 'plaina')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('closest reward', () => {
  const closest = async (headers: Headers) => {
    const res = await gql<{ closestReward: { slug: string; affordable: boolean; missingPoints: number } | null }>(
      t.app,
      '{ closestReward { slug affordable missingPoints } }',
      {},
      headers,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.closestReward;
  };

  it('is the dearest reward the balance covers, or the cheapest out of reach, skipping what cannot be taken', async () => {
    const { id, headers } = await newMember();
    expect(await closest(headers)).toBeNull();

    await addReward('barato', { points: 300 });
    await addReward('medio', { points: 800 });
    await addReward('caro', { points: 2000 });
    await addReward('esgotado', { points: 700, stock: 0 });
    await addReward('fora-de-epoca', { points: 750, active_from: '2027-01-01T03:00:00.000Z' });
    await addReward('um-por-membro', { points: 900, per_member_limit: 1 });

    // No points: the nearest goal.
    expect(await closest(headers)).toEqual({ slug: 'barato', affordable: false, missingPoints: 300 });

    await creditOn(id, '2026-02-01T15:00:00.000Z', 1000);
    expect(await closest(headers)).toEqual({ slug: 'um-por-membro', affordable: true, missingPoints: 0 });
    // Taken once, its limit is reached: the next one down.
    await redeem(headers, 'um-por-membro');
    expect(await closest(headers)).toEqual({ slug: 'barato', affordable: false, missingPoints: 200 });
    await creditOn(id, '2026-03-01T15:00:00.000Z', 700);
    expect(await closest(headers)).toEqual({ slug: 'medio', affordable: true, missingPoints: 0 });
  });
});
