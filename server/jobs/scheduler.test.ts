import '../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createDatabase } from '../db/database';
import { withJobLock } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { buildApp } from '../app';
import { fakeClock, testConfig } from '../test/helpers';
import { createTestDatabase, testDialect } from '../test/test-database';
import { runIfDue, type ScheduledJob } from './scheduler';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Handles {
  first: Kysely<Database>;
  second: Kysely<Database>;
  close: () => Promise<void>;
}

/**
 * Two handles on one database, as two API processes have. On SQLite a file with two connections (an in-memory
 * database cannot have a second one), so the claim is checked across connections, not only inside one.
 */
async function twoHandles(): Promise<Handles> {
  if (testDialect() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'club-jobs-'));
    const file = path.join(dir, 'club.sqlite');
    const first = createDatabase({ kind: 'sqlite', file });
    await migrateToLatest(first);
    const second = createDatabase({ kind: 'sqlite', file });
    return {
      first,
      second,
      close: async () => {
        await first.destroy();
        await second.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const { db, open, drop } = await createTestDatabase();
  return { first: db, second: open(), close: drop };
}

let handles: Handles;
beforeEach(async () => {
  handles = await twoHandles();
});
afterEach(() => handles.close());

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('withJobLock', () => {
  it('lets one process run a job while the other skips it, and frees it afterwards', async () => {
    const { first, second } = handles;
    const release = gate();
    const started = gate();
    const running = withJobLock(first as Kysely<unknown>, 'teste', async () => {
      started.open();
      await release.opened;
      return 'primeiro';
    });
    await started.opened;
    let secondRan = false;
    const skipped = await withJobLock(second as Kysely<unknown>, 'teste', async () => {
      secondRan = true;
    });
    expect(skipped).toEqual({ ran: false });
    expect(secondRan).toBe(false);
    // Another job is not held by this one.
    expect(await withJobLock(second as Kysely<unknown>, 'outro', async () => 'outro')).toEqual({
      ran: true,
      value: 'outro',
    });
    release.open();
    expect(await running).toEqual({ ran: true, value: 'primeiro' });
    expect(await withJobLock(second as Kysely<unknown>, 'teste', async () => 'depois')).toEqual({
      ran: true,
      value: 'depois',
    });
  });

  it('frees the job when its work fails', async () => {
    const { first, second } = handles;
    await expect(
      withJobLock(first as Kysely<unknown>, 'teste', async () => {
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    expect(await withJobLock(second as Kysely<unknown>, 'teste', async () => 'de novo')).toEqual({
      ran: true,
      value: 'de novo',
    });
  });
});

describe('runIfDue', () => {
  it('does the work of two concurrent runs once, and again only a period later', async () => {
    const { first, second } = handles;
    const clock = fakeClock();
    let runs = 0;
    const job: ScheduledJob = {
      name: 'diaria',
      everyMs: DAY_MS,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
    const ran = await Promise.all([runIfDue(first, job, clock.now), runIfDue(second, job, clock.now)]);
    expect(runs).toBe(1);
    expect(ran.filter(Boolean)).toHaveLength(1);

    clock.advance(DAY_MS / 2);
    expect(await runIfDue(second, job, clock.now)).toBe(false);
    clock.advance(DAY_MS / 2);
    expect(await runIfDue(second, job, clock.now)).toBe(true);
    expect(runs).toBe(2);
  });

  it('tries a failed run again at the next check', async () => {
    const { first } = handles;
    const clock = fakeClock();
    let fail = true;
    const job: ScheduledJob = {
      name: 'instavel',
      everyMs: DAY_MS,
      run: async () => {
        if (fail) throw new Error('falhou');
      },
    };
    await expect(runIfDue(first, job, clock.now)).rejects.toThrow('falhou');
    fail = false;
    expect(await runIfDue(first, job, clock.now)).toBe(true);
  });
});

describe('scheduled jobs of the app', () => {
  it('runs the daily points expiry once a day for app instances started on one database', async () => {
    const clock = fakeClock();
    const { db, open, drop } = await createTestDatabase();
    const apps: FastifyInstance[] = [];
    const start = async (handle: Kysely<Database>) => {
      const app = buildApp({ db: handle, config: testConfig({ now: clock.now }), queryCache: false });
      apps.push(app);
      await app.ready();
    };
    const lastExpiry = async () =>
      (await db.selectFrom('job_runs').selectAll().where('name', '=', 'points-expiry').executeTakeFirstOrThrow())
        .last_run_at;
    try {
      await start(db);
      const first = new Date(clock.now()).toISOString();
      expect(await lastExpiry()).toBe(first);
      clock.advance(60 * 60 * 1000);
      await start(open());
      expect(await lastExpiry()).toBe(first);
      clock.advance(DAY_MS);
      await start(open());
      expect(await lastExpiry()).toBe(new Date(clock.now()).toISOString());
      const locks = await db.selectFrom('job_runs').select('locked_until').execute();
      expect(locks.every((row) => row.locked_until === null)).toBe(true);
    } finally {
      for (const app of apps) await app.close();
      await drop();
    }
  });
});
