import { fakeClock, TEST_SECRET } from '../test/helpers';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { leasedLimiter, MAX_LEASE } from './leased-limiter';
import { createLimiterFactory, type Limiter, type LimitRule } from './limiter-factory';

/** The database's counter as rate-limiter-flexible keeps it (a fixed window from the first hit), writes counted. */
function counter(rule: LimitRule) {
  const keys = new Map<string, { count: number; endsAt: number }>();
  const writes: number[] = [];
  const limiter: Limiter = {
    rule,
    async take(key, hits = 1) {
      writes.push(hits);
      const now = Date.now();
      let entry = keys.get(key);
      if (!entry || now >= entry.endsAt) entry = { count: 0, endsAt: now + rule.windowMs };
      entry.count += hits;
      keys.set(key, entry);
      return { allowed: entry.count <= rule.max, count: entry.count, msBeforeReset: entry.endsAt - now };
    },
    giveBack: async () => undefined,
    clear: async () => undefined,
  };
  return { limiter, writes, count: (key: string) => keys.get(key)?.count ?? 0 };
}

const takes = async (limiter: { take(key: string): Promise<{ allowed: boolean }> }, key: string, n: number) => {
  let allowed = 0;
  for (let i = 0; i < n; i += 1) if ((await limiter.take(key)).allowed) allowed += 1;
  return allowed;
};

describe('a request limit counted a lease of hits at a time', () => {
  it('writes once per lease far from the limit, and numbers the hits in order', async () => {
    const db = counter({ name: 'teste', max: 600, windowMs: 60_000 });
    const limiter = leasedLimiter(db.limiter);
    const counts: number[] = [];
    for (let i = 0; i < 200; i += 1) counts.push((await limiter.take('ana')).count);
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // A first hit alone, then leases of at most MAX_LEASE.
    expect(db.writes[0]).toBe(1);
    expect(Math.max(...db.writes)).toBeLessThanOrEqual(MAX_LEASE);
    expect(db.writes.length).toBeLessThan(10);
    expect(db.count('ana')).toBeGreaterThanOrEqual(200);
  });

  it('counts hit by hit near the limit and refuses from memory once over it', async () => {
    const db = counter({ name: 'teste', max: 20, windowMs: 60_000 });
    const limiter = leasedLimiter(db.limiter);
    expect(await takes(limiter, 'ana', 20)).toBe(20);
    expect(db.writes.every((hits) => hits === 1)).toBe(true);
    const refused = await limiter.take('ana');
    expect(refused).toMatchObject({ allowed: false, count: 21 });
    expect(refused.msBeforeReset).toBeGreaterThan(0);
    const writes = db.writes.length;
    expect(await takes(limiter, 'ana', 5)).toBe(0);
    expect(db.writes.length).toBe(writes);
    // Another key has its own budget.
    expect((await limiter.take('bia')).allowed).toBe(true);
  });

  it('never allows more than the limit to several processes together, and at most a few leases fewer', async () => {
    const db = counter({ name: 'teste', max: 300, windowMs: 60_000 });
    const processes = [leasedLimiter(db.limiter), leasedLimiter(db.limiter), leasedLimiter(db.limiter)];
    let allowed = 0;
    for (let i = 0; i < 400; i += 1) if ((await processes[i % 3]!.take('ana')).allowed) allowed += 1;
    expect(allowed).toBeLessThanOrEqual(300);
    expect(allowed).toBeGreaterThan(300 - 3 * 3);
  });

  it('shares one write among hits that arrive together', async () => {
    const db = counter({ name: 'teste', max: 600, windowMs: 60_000 });
    const limiter = leasedLimiter(db.limiter);
    await limiter.take('ana');
    const counts = (await Promise.all(Array.from({ length: 30 }, () => limiter.take('ana')))).map((t) => t.count);
    expect(new Set(counts).size).toBe(30);
    expect(db.writes.length).toBeLessThanOrEqual(3);
  });

  it('starts over when the window ends, dropping what was left of the lease', async () => {
    const clock = fakeClock(Date.now());
    jest.spyOn(Date, 'now').mockImplementation(clock.now);
    const db = counter({ name: 'teste', max: 10, windowMs: 60_000 });
    const limiter = leasedLimiter(db.limiter);
    expect(await takes(limiter, 'ana', 12)).toBe(10);
    clock.advance(60_001);
    expect(await limiter.take('ana')).toMatchObject({ allowed: true, count: 1 });
  });

  it('counts exactly across processes on the database when the limit is small', async () => {
    const t: TestDatabase = await createTestDatabase();
    try {
      const rule = { name: 'requests-teste', max: 3, windowMs: 60_000 };
      const a = leasedLimiter(createLimiterFactory(t.db, TEST_SECRET)(rule));
      const b = leasedLimiter(createLimiterFactory(t.open(), TEST_SECRET)(rule));
      const answers = [];
      for (const limiter of [a, b, a, b, a]) answers.push((await limiter.take('ana')).allowed);
      expect(answers).toEqual([true, true, true, false, false]);
    } finally {
      await t.drop();
    }
  });
});
