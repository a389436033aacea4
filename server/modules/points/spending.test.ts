import '../../test/esm-shims';
import { sql } from 'kysely';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { findUserByCpf } from '../users/repository';
import {
  appendEntries,
  expireAllDuePoints,
  getBalance,
  InsufficientPointsError,
  refundPoints,
  spendPoints,
} from './ledger';

let t: TestApp;
let userId: number;
const START = Date.parse('2026-01-10T12:00:00.000Z');
let clock = fakeClock(START);
const at = () => new Date(clock.now());

beforeEach(async () => {
  clock = fakeClock(START);
  t = await createTestApp({ now: () => clock.now() });
  userId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
});
afterEach(() => t.close());

const credit = (points: number, description = 'Crédito') =>
  appendEntries(t.db, userId, [{ userId, kind: 'credit', points, description }], at());
const spend = (points: number) => spendPoints(t.db, userId, { points, description: 'Resgate' }, at());
const moveTo = (iso: string) => clock.advance(Date.parse(iso) - clock.now());
const ledgerSum = async () =>
  Number(
    (
      await sql<{
        s: number;
      }>`select coalesce(sum(points), 0) as s from points_ledger where user_id = ${userId}`.execute(t.db)
    ).rows[0]?.s,
  );
/** The balance the member reads (`me.pointsBalance`, which expires what is due first), from a fresh session. */
const readBalance = async () => {
  const { token } = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
  const res = await gql<{ me: { pointsBalance: number } }>(
    t.app,
    '{ me { pointsBalance } }',
    {},
    {
      authorization: `Bearer ${token}`,
    },
  );
  return res.data!.me.pointsBalance;
};

describe('spending points', () => {
  it('consumes the oldest credits first; expiry then takes only what is left of each, read and daily run agree', async () => {
    await credit(100, 'janeiro'); // expires 2027-01-10
    moveTo('2026-03-10T12:00:00.000Z');
    await credit(50, 'março'); // expires 2027-03-10
    moveTo('2026-05-10T12:00:00.000Z');
    await credit(80, 'maio'); // expires 2027-05-10
    moveTo('2026-06-10T12:00:00.000Z');
    await spend(120); // all of January's 100 and 20 of March's 50
    expect((await getBalance(t.db, userId)).balance).toBe(110);
    await expect(spend(111)).rejects.toBeInstanceOf(InsufficientPointsError);
    expect((await getBalance(t.db, userId)).balance).toBe(110);

    // Past January's expiry: the spent lot expires nothing, by the daily run and by the member's read alike.
    moveTo('2027-01-11T12:00:00.000Z');
    expect(await expireAllDuePoints(t.db, at())).toBe(0);
    expect(await readBalance()).toBe(110);

    // Past March's: only its remainder (30) expires. The member reads first here, the daily run finds nothing left.
    moveTo('2027-03-11T12:00:00.000Z');
    expect(await readBalance()).toBe(80);
    expect(await expireAllDuePoints(t.db, at())).toBe(0);

    // Past May's: the daily run first, then the read agrees.
    moveTo('2027-05-11T12:00:00.000Z');
    expect(await expireAllDuePoints(t.db, at())).toBe(80);
    expect(await readBalance()).toBe(0);
    expect(await ledgerSum()).toBe(0);
    const rows = await t.db.selectFrom('points_ledger').select(['kind', 'points']).orderBy('id').execute();
    expect(rows).toEqual([
      { kind: 'credit', points: 100 },
      { kind: 'credit', points: 50 },
      { kind: 'credit', points: 80 },
      { kind: 'redemption', points: -120 },
      { kind: 'expiry', points: -30 },
      { kind: 'expiry', points: -80 },
    ]);
  });

  it('never spends points already past their expiry, even before the daily run took them', async () => {
    await credit(100, 'janeiro');
    moveTo('2026-06-10T12:00:00.000Z');
    await credit(50, 'junho');
    moveTo('2027-01-11T12:00:00.000Z'); // January's 100 are due, no run yet
    await expect(spend(60)).rejects.toBeInstanceOf(InsufficientPointsError);
    const entry = await spend(50);
    expect(entry).toMatchObject({ kind: 'redemption', points: -50, balance_after: 0 });
    expect(await ledgerSum()).toBe(0);
  });

  it('gives refunded points back with their original expiry, or a full validity when that is past', async () => {
    await credit(100, 'janeiro'); // expires 2027-01-10
    moveTo('2026-03-10T12:00:00.000Z');
    await credit(50, 'março'); // expires 2027-03-10
    moveTo('2026-06-10T12:00:00.000Z');
    await spend(120);
    await refundPoints(t.db, userId, { points: 120, description: 'Estorno' }, at());
    expect((await getBalance(t.db, userId)).balance).toBe(150);
    // Nothing new was credited: January's 100 expire on their day, March's 50 on theirs.
    moveTo('2027-01-11T12:00:00.000Z');
    expect(await expireAllDuePoints(t.db, at())).toBe(100);
    expect((await getBalance(t.db, userId)).balance).toBe(50);

    // Spent again, then refunded after the lot's expiry: the 40 come back as a new lot valid 12 months.
    await spend(40);
    moveTo('2027-03-11T12:00:00.000Z');
    expect(await expireAllDuePoints(t.db, at())).toBe(10);
    const rows = await refundPoints(t.db, userId, { points: 40, description: 'Estorno' }, at());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'refund', points: 40, expires_at: '2028-03-11T12:00:00.000Z' });
    expect(await readBalance()).toBe(40);
    moveTo('2028-03-12T12:00:00.000Z');
    expect(await expireAllDuePoints(t.db, at())).toBe(40);
    expect(await ledgerSum()).toBe(0);
  });

  it('splits a refund between points still valid and points past their expiry', async () => {
    await credit(100, 'janeiro'); // expires 2027-01-10
    moveTo('2026-03-10T12:00:00.000Z');
    await credit(100, 'março'); // expires 2027-03-10
    moveTo('2026-12-10T12:00:00.000Z');
    await spend(150); // January's 100 and 50 of March's
    moveTo('2027-02-10T12:00:00.000Z');
    const rows = await refundPoints(t.db, userId, { points: 150, description: 'Estorno' }, at());
    // 50 back into March's lot (expiring 2027-03-10); January's 100 are past, a new lot.
    expect(rows.map((r) => [r.points, r.lot_cumulative === null])).toEqual([
      [50, true],
      [100, false],
    ]);
    expect(await readBalance()).toBe(200);
    moveTo('2027-03-11T12:00:00.000Z');
    expect(await expireAllDuePoints(t.db, at())).toBe(100);
    expect(await readBalance()).toBe(100);
    expect(await ledgerSum()).toBe(100);
  });
});
