import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, driverOf } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { fakeClock, TEST_SECRET } from '../test/helpers';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { createLimiterFactory } from './limiter-factory';

const RULE = { name: 'teste', max: 2, windowMs: 60_000 };

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.drop());

describe('limits in the database', () => {
  it('allows max hits per key in the window, and takes a hit back', async () => {
    const limiter = createLimiterFactory(t.db, TEST_SECRET)(RULE);
    expect(await limiter.take('a')).toMatchObject({ allowed: true, count: 1 });
    expect(await limiter.take('a')).toMatchObject({ allowed: true, count: 2 });
    const refused = await limiter.take('a');
    expect(refused).toMatchObject({ allowed: false, count: 3 });
    expect(refused.msBeforeReset).toBeGreaterThan(0);
    expect(refused.msBeforeReset).toBeLessThanOrEqual(60_000);
    expect(await limiter.take('b')).toMatchObject({ allowed: true, count: 1 });
    await limiter.giveBack('a');
    await limiter.giveBack('a');
    expect((await limiter.take('a')).allowed).toBe(true);
  });

  it('starts a new window when the old one ends, by the system clock the library reads', async () => {
    const clock = fakeClock(Date.now());
    jest.spyOn(Date, 'now').mockImplementation(clock.now);
    const limiter = createLimiterFactory(t.db, TEST_SECRET)(RULE);
    for (let i = 0; i < 3; i += 1) await limiter.take('a');
    clock.advance(59_000);
    expect((await limiter.take('a')).allowed).toBe(false);
    clock.advance(1_001);
    expect(await limiter.take('a')).toMatchObject({ allowed: true, count: 1 });
  });

  it('shares counts between factories on one database, as processes do', async () => {
    const first = createLimiterFactory(t.db, TEST_SECRET)(RULE);
    const second = createLimiterFactory(t.open(), TEST_SECRET)(RULE);
    await first.take('a');
    await second.take('a');
    expect((await first.take('a')).allowed).toBe(false);
  });

  it('refuses one name for two different limits', () => {
    const limiters = createLimiterFactory(t.db, TEST_SECRET);
    expect(limiters(RULE)).toBe(limiters({ ...RULE }));
    expect(() => limiters({ ...RULE, max: 3 })).toThrow('teste');
    expect(() => limiters({ name: 'meio-segundo', max: 1, windowMs: 500 })).toThrow('whole seconds');
  });
});

// Its own SQLite file, whichever database the rest of the suite runs on.
describe('limits on a SQLite file', () => {
  it('commit without waiting for the disk and leave the durability of other commits as it was', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'club-limits-'));
    const db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'club.sqlite') });
    try {
      await migrateToLatest(db);
      const driver = driverOf(db);
      if (driver.dialect !== 'sqlite') throw new Error('expected SQLite');
      const { sqlite } = driver;
      const limiter = createLimiterFactory(db, TEST_SECRET)(RULE);
      await limiter.take('a');
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);

      // A hit counted while a transaction of the app is open joins it, and is kept when it commits.
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE job_runs SET locked_until = NULL`.execute(trx);
        await limiter.take('a');
      });
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
      expect((await limiter.take('a')).allowed).toBe(false);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
