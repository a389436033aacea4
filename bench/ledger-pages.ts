/**
 * Extract query times with 1,000 and 1,000,000 ledger entries for one member (keyset pages, filters, summary).
 * Not a test: `node --import tsx bench/ledger-pages.ts [sizes…]` (default 1000 1000000). Uses a temp SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/seed';
import { expireDuePoints } from '../server/modules/points/ledger';
import { pointsEntries, pointsSummary } from '../server/modules/points/service';
import { createMember } from '../server/modules/users/repository';
import { testConfig } from '../server/test/helpers';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const SIZES = sizes.length > 0 ? sizes : [1_000, 1_000_000];
const NOW = new Date('2026-11-22T12:00:00.000Z');
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000; // entries spread over the last three years

/** Appends `count` rows the way appendEntries would (running balance and lot totals), in one fast transaction. */
function fill(file: string, userId: number, count: number): void {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const insert = sqlite.prepare(
    `insert into points_ledger (user_id, kind, points, description, balance_after, lot_cumulative, expires_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let balance = 0;
  let lots = 0;
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const created = new Date(NOW.getTime() - SPAN_MS + Math.floor((i * SPAN_MS) / count));
      const isDebit = i % 10 === 9 && balance > 20;
      const points = isDebit ? -20 : 10 + (i % 7);
      balance += points;
      if (!isDebit) lots += points;
      const expires = new Date(created);
      expires.setUTCMonth(expires.getUTCMonth() + 12);
      insert.run(
        userId,
        isDebit ? 'adjustment' : i % 5 === 0 ? 'bonus' : 'credit',
        points,
        isDebit ? 'Ajuste' : `NF-e nº ${i} aprovada`,
        balance,
        isDebit ? null : lots,
        isDebit ? null : expires.toISOString(),
        created.toISOString(),
      );
    }
    sqlite
      .prepare('insert into points_balances (user_id, balance, lots_total, updated_at) values (?, ?, ?, ?)')
      .run(userId, balance, lots, NOW.toISOString());
  })();
  sqlite.close();
}

async function time(label: string, runs: number, work: () => Promise<unknown>): Promise<string> {
  await work(); // warm the page cache and the statement cache
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? 0;
  const p95 = samples[Math.floor(samples.length * 0.95)] ?? 0;
  return `${label.padEnd(44)} median ${median.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`;
}

async function main(): Promise<void> {
  for (const size of SIZES) {
    const dir = mkdtempSync(path.join(tmpdir(), 'clube-bench-'));
    const file = path.join(dir, 'club.sqlite');
    const db = createDatabase({ file });
    try {
      await migrateToLatest(db);
      await seedReferenceData(db);
      const member = await createMember(db, {
        name: 'Bench',
        surName: 'Mark',
        cpf: '52998224725',
        email: 'b@exemplo.com.br',
        password: 'Serragem#2026',
      });
      const fillStart = performance.now();
      fill(file, member.id, size);
      console.log(
        `\n${size.toLocaleString('pt-BR')} lançamentos (inseridos em ${((performance.now() - fillStart) / 1000).toFixed(1)} s)`,
      );

      // The seeded history has two years of lots past their 12 months: the daily job writes their expiry first.
      const expiryStart = performance.now();
      const expired = await expireDuePoints(db, member.id, NOW);
      console.log(
        `expiração inicial: ${expired.toLocaleString('pt-BR')} pontos em ${(performance.now() - expiryStart).toFixed(0)} ms`,
      );

      const deps = { db, userId: member.id, config: testConfig({ now: () => NOW.getTime() }) };
      // A cursor deep in the ledger: walk 50 pages of 50 first.
      let cursor: string | null = null;
      for (let i = 0; i < 50; i++) cursor = (await pointsEntries(deps, { first: 50, after: cursor })).nextCursor;
      const deep = cursor;
      console.log(await time('primeira página (20)', 50, () => pointsEntries(deps, {})));
      console.log(
        await time('página 51 (cursor após 2.500 lançamentos)', 50, () =>
          pointsEntries(deps, { first: 50, after: deep }),
        ),
      );
      console.log(await time('filtro por tipo (Ajustes)', 50, () => pointsEntries(deps, { kinds: ['ADJUSTMENT'] })));
      console.log(
        await time('filtro por período (um mês de 2024)', 50, () =>
          pointsEntries(deps, { from: '2024-03-01', to: '2024-03-31' }),
        ),
      );
      console.log(await time('resumo (saldo, a expirar, 12 meses)', 20, () => pointsSummary(deps)));
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
