import '../../test/esm-shims';
import { sql } from 'kysely';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { findUserByCpf } from '../users/repository';
import { addMonths, appendEntries, expireAllDuePoints, expireDuePoints, getBalance } from './ledger';

let t: TestApp;
let userId: number;
let token: string;
const START = Date.parse('2026-01-10T12:00:00.000Z');
let clock = fakeClock(START);
const at = () => new Date(clock.now());
const MONTH = 31 * 24 * 60 * 60 * 1000;

beforeEach(async () => {
  clock = fakeClock(START);
  t = await createTestApp({ now: () => clock.now() });
  userId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
  token = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
});
afterEach(() => t.close());

const credit = (points: number, description = 'Crédito') =>
  appendEntries(t.db, userId, [{ userId, kind: 'credit', points, description }], at());
const debit = (points: number) =>
  appendEntries(t.db, userId, [{ userId, kind: 'adjustment', points: -points, description: 'Ajuste' }], at());
const ledgerSum = async () =>
  Number(
    (
      await sql<{
        s: number;
      }>`select coalesce(sum(points), 0) as s from points_ledger where user_id = ${userId}`.execute(t.db)
    ).rows[0]?.s,
  );

describe('points ledger', () => {
  it('expires points 12 months after their credit, oldest first, after debits consumed the oldest', async () => {
    await credit(100, 'janeiro'); // expires 2027-01-10
    clock.advance(MONTH);
    await credit(50, 'fevereiro'); // expires ~2027-02-10
    clock.advance(MONTH);
    await debit(30); // consumes the January lot first: 70 of it remain
    expect((await getBalance(t.db, userId)).balance).toBe(120);

    clock.advance(10 * MONTH + 2 * 24 * 3600 * 1000); // past 2027-01-10, before February's lot expires
    expect(await expireDuePoints(t.db, userId, at())).toBe(70);
    expect(await expireDuePoints(t.db, userId, at())).toBe(0);
    expect((await getBalance(t.db, userId)).balance).toBe(50);

    clock.advance(MONTH);
    expect(await expireDuePoints(t.db, userId, at())).toBe(50);
    expect((await getBalance(t.db, userId)).balance).toBe(0);
    expect(await ledgerSum()).toBe(0);
    const expiries = await t.db
      .selectFrom('points_ledger')
      .selectAll()
      .where('kind', '=', 'expiry')
      .orderBy('id')
      .execute();
    expect(expiries.map((e) => e.points)).toEqual([-70, -50]);
  });

  it('shows in me.pointsBalance a balance with due points expired, writing the expiry only when one is due', async () => {
    const balance = async () => {
      // A fresh session: the clock moves by months here.
      const { token: access } = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
      const res = await gql<{ me: { pointsBalance: number } }>(
        t.app,
        '{ me { pointsBalance } }',
        {},
        {
          authorization: `Bearer ${access}`,
        },
      );
      return res.data?.me.pointsBalance;
    };
    const expiries = async () =>
      (await t.db.selectFrom('points_ledger').select('id').where('kind', '=', 'expiry').execute()).length;
    await credit(100, 'janeiro');
    clock.advance(MONTH);
    await credit(50, 'fevereiro');
    await debit(30);
    expect(await balance()).toBe(120);
    expect(await expiries()).toBe(0);

    clock.advance(11 * MONTH);
    expect(await balance()).toBe(50);
    expect(await balance()).toBe(50);
    expect(await expiries()).toBe(1);
    expect(await ledgerSum()).toBe(50);
  });

  it('keeps the cached balance equal to the sum of the ledger, and the ledger append-only', async () => {
    await credit(10);
    await debit(3);
    await credit(7);
    expect((await getBalance(t.db, userId)).balance).toBe(await ledgerSum());
    expect(await ledgerSum()).toBe(14);
    const attempt = async (query: Promise<unknown>) => {
      try {
        await query;
        return 'changed';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(
      await attempt(sql`update points_ledger set points = 1000 where user_id = ${userId}`.execute(t.db)),
    ).toContain('append-only');
    expect(await attempt(sql`delete from points_ledger where user_id = ${userId}`.execute(t.db))).toContain(
      'append-only',
    );
    expect(await ledgerSum()).toBe(14);
  });

  it('keeps running totals per month and kind, and the next expiry, with every append; a removal takes them back', async () => {
    const totals = async () =>
      (
        await t.db
          .selectFrom('points_totals')
          .select((eb) => ['month', 'kind', eb.fn.sum<number>('points').as('points')])
          .groupBy(['month', 'kind'])
          .orderBy('month')
          .orderBy('kind')
          .execute()
      ).map((r) => `${r.month} ${r.kind} ${Number(r.points)}`);
    const nextExpiry = async () =>
      (
        await t.db
          .selectFrom('points_balances')
          .select('next_expiry_at')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.next_expiry_at;
    await credit(100, 'janeiro');
    clock.advance(MONTH);
    await credit(50, 'fevereiro');
    await debit(30);
    expect(await totals()).toEqual(['2026-01 credit 100', '2026-02 adjustment -30', '2026-02 credit 50']);
    // The January lot still holds 70: it is the next to expire.
    expect(await nextExpiry()).toBe('2027-01-10T12:00:00.000Z');

    clock.advance(11 * MONTH);
    // Only the members due are opened: the demo member's January lot.
    expect(await expireAllDuePoints(t.db, at())).toBe(70);
    expect(await expireAllDuePoints(t.db, at())).toBe(0);
    expect(await totals()).toContain('2027-01 expiry -70');
    expect(await nextExpiry()).toBe('2027-02-10T12:00:00.000Z');
    await debit(50);
    expect(await nextExpiry()).toBeNull();

    // A member's removal (the only delete the ledger lets through) takes their rows out of the totals too.
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('member_removals').values({ member_id: userId, started_at: at().toISOString() }).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      await trx.deleteFrom('member_removals').where('member_id', '=', userId).execute();
    });
    expect((await totals()).every((line) => line.endsWith(' 0'))).toBe(true);
  });

  it('adds 12 months keeping the end of month', () => {
    expect(addMonths(new Date('2028-02-29T10:00:00Z'), 12).toISOString()).toBe('2029-02-28T10:00:00.000Z');
  });
});

describe('score extract API', () => {
  const ENTRIES = `query ($first: Int, $after: String, $from: String, $to: String, $kinds: [PointsEntryKind!]) {
    pointsEntries(first: $first, after: $after, from: $from, to: $to, kinds: $kinds) {
      data { id kind points description createdAt } hasMore nextCursor
    }
  }`;
  type Page = {
    pointsEntries: {
      data: { id: string; kind: string; points: number; createdAt: string }[];
      hasMore: boolean;
      nextCursor: string | null;
    };
  };

  it('pages newest first with a keyset cursor, filtered by period and type', async () => {
    for (let i = 1; i <= 25; i++) {
      await credit(i);
      if (i % 5 === 0) await debit(1);
      clock.advance(24 * 3600 * 1000);
    }
    token = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res: { data?: Page | null } = await gql<Page>(
        t.app,
        ENTRIES,
        { first: 7, after },
        { authorization: `Bearer ${token}` },
      );
      const page: Page['pointsEntries'] = res.data!.pointsEntries;
      seen.push(...page.data.map((d) => d.id));
      after = page.nextCursor;
      pages++;
    } while (after);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
    expect(pages).toBe(5);

    const adjustments = await gql<Page>(
      t.app,
      ENTRIES,
      { kinds: ['ADJUSTMENT'] },
      { authorization: `Bearer ${token}` },
    );
    expect(adjustments.data?.pointsEntries.data).toHaveLength(5);
    const period = await gql<Page>(
      t.app,
      ENTRIES,
      { from: '2026-01-12', to: '2026-01-13' },
      { authorization: `Bearer ${token}` },
    );
    expect(period.data?.pointsEntries.data.map((d) => d.points)).toEqual([4, 3]);

    const bad = await gql(t.app, ENTRIES, { first: 1000 }, { authorization: `Bearer ${token}` });
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    const badCursor = await gql(t.app, ENTRIES, { after: 'lixo' }, { authorization: `Bearer ${token}` });
    expect(badCursor.errors?.[0]?.message).toBe('Página inválida. Recarregue o extrato.');
  });

  it('summarises balance, points expiring in 30/60/90 days and the balance of the last 12 months', async () => {
    await credit(100);
    clock.advance(2 * MONTH);
    await credit(40);
    clock.advance(9 * MONTH); // the first credit expires in ~20 days, the second in ~2 months
    token = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const res = await gql<{ pointsSummary: Record<string, unknown> }>(
      t.app,
      '{ pointsSummary { balance expiringIn30 expiringIn60 expiringIn90 expiring { date points } history { month balance } } }',
      {},
      { authorization: `Bearer ${token}` },
    );
    const summary = res.data!.pointsSummary as {
      balance: number;
      expiringIn30: number;
      expiringIn60: number;
      expiringIn90: number;
      expiring: { date: string; points: number }[];
      history: { month: string; balance: number }[];
    };
    expect(summary).toMatchObject({ balance: 140, expiringIn30: 100, expiringIn60: 100, expiringIn90: 140 });
    expect(summary.expiring).toEqual([
      { date: '2027-01-10', points: 100 },
      { date: expect.stringMatching(/^2027-03-/), points: 40 },
    ]);
    expect(summary.history).toHaveLength(12);
    expect(summary.history[0]).toEqual({ month: '2026-01', balance: 100 });
    expect(summary.history.at(-1)).toEqual({ month: '2026-12', balance: 140 });
  });
});
