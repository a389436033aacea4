import '../../test/esm-shims';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/schema';
import { DEMO_MEMBER, seedDemoClubLife } from '../../seed';
import { LocalDiskStorage } from '../../storage/local-disk';
import { fakeClock, testConfig } from '../../test/helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createMember, findUserByCpf } from '../users/repository';
import { appendEntries, expireDuePoints, InsufficientPointsError, refundPoints, spendPoints } from './ledger';
import { readExtract, reconcile, runningBalances } from './test/reconcile';

const DAY_MS = 24 * 60 * 60 * 1000;
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

describe('the extract reconciles line by line', () => {
  it('for the demo member, seeded in time order through the members’ and operators’ own paths', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clube-reconcile-'));
    try {
      const clock = fakeClock();
      const config = testConfig({ dataDir, now: clock.now });
      const ana = (await findUserByCpf(db, DEMO_MEMBER.cpf))!;
      await seedDemoClubLife(db, { config, storage: new LocalDiskStorage(path.join(dataDir, 'uploads')) }, ana);

      const extract = await readExtract(db, clock.now(), ana.id);
      expect(reconcile(extract, await runningBalances(db, ana.id))).toEqual([]);
      // The year-old redemption was paid from the one credit held then; the later credit is still whole, about to
      // expire (what the demo shows on home).
      const kinds = extract.lines.map((l) => l.kind);
      expect(kinds.indexOf('REDEMPTION')).toBeLessThan(kinds.indexOf('EXPIRY'));
      expect(extract.summary.expiringIn30).toBeGreaterThan(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  /** One thing that happens to a member's points, in the order the history lists them. */
  type Move =
    | { kind: 'wait'; days: number; hours: number }
    | { kind: 'credit'; points: number }
    | { kind: 'spend'; points: number }
    | { kind: 'refund'; which: number }
    | { kind: 'expire' };
  const move: fc.Arbitrary<Move> = fc.oneof(
    fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 400 }), hours: fc.nat(23) }),
    fc.record({ kind: fc.constant('credit' as const), points: fc.integer({ min: 1, max: 3000 }) }),
    fc.record({ kind: fc.constant('spend' as const), points: fc.integer({ min: 1, max: 4000 }) }),
    fc.record({ kind: fc.constant('refund' as const), which: fc.nat() }),
    fc.record({ kind: fc.constant('expire' as const) }),
  );

  let members = 0;
  async function freshMember(): Promise<number> {
    members += 1;
    const n = String(members).padStart(4, '0');
    const member = await createMember(db, {
      name: 'Teste',
      surName: 'Aleatório',
      cpf: `9990000${n}`,
      email: `aleatorio-${n}@exemplo.com.br`,
      password: 'Marcenaria#2026',
    });
    return member.id;
  }

  it('for any history of credits, spends, refunds, expiries and waits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 16 }), async (moves) => {
        const userId = await freshMember();
        let now = Date.parse('2025-01-15T13:00:00.000Z');
        const spends: { points: number; refunded: boolean }[] = [];
        for (const m of moves) {
          const at = new Date(now);
          if (m.kind === 'wait') now += m.days * DAY_MS + m.hours * 60 * 60 * 1000;
          else if (m.kind === 'credit')
            await appendEntries(db, userId, [{ userId, kind: 'credit', points: m.points, description: 'Nota' }], at);
          else if (m.kind === 'expire') await expireDuePoints(db, userId, at);
          else if (m.kind === 'spend') {
            try {
              await spendPoints(db, userId, { points: m.points, description: 'Resgate' }, at);
              spends.push({ points: m.points, refunded: false });
            } catch (error) {
              if (!(error instanceof InsufficientPointsError)) throw error;
            }
          } else {
            const spend = spends.length > 0 ? spends[m.which % spends.length] : undefined;
            if (!spend || spend.refunded) continue;
            spend.refunded = true;
            await refundPoints(db, userId, { points: spend.points, description: 'Resgate cancelado' }, at);
          }
          now += 1000; // two moves never share an instant
        }
        const extract = await readExtract(db, now + DAY_MS, userId);
        expect(reconcile(extract, await runningBalances(db, userId))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
