import '../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_MEMBER, seedDemoData } from '../seed';
import type { Database } from '../db/schema';
import { findUserByCpf } from '../modules/users/repository';
import { clubCommand } from '../test/club-command';

let dataDir: string;
let db: Kysely<Database>;

const cli = clubCommand('invoices', () => dataDir);

async function pendingInvoice(key: string): Promise<number> {
  const user = await findUserByCpf(db, DEMO_MEMBER.cpf);
  const at = new Date().toISOString();
  const row = await db
    .insertInto('invoices')
    .values({
      user_id: user!.id,
      access_key: key,
      idempotency_key: key,
      status: 'in_review',
      uf: 'SP',
      issued_month: '2026-11',
      issuer_cnpj: '58716523000119',
      model: 55,
      series: 1,
      number: 7,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-cli-'));
  db = createDatabase({ file: path.join(dataDir, 'club.sqlite') });
  await migrateToLatest(db);
  await seedDemoData(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run invoices', () => {
  it('lists, approves with --points and rejects with a reason', async () => {
    const a = await pendingInvoice('A'.repeat(44));
    const b = await pendingInvoice('B'.repeat(44));
    await db
      .updateTable('invoices')
      .set({ risk_reason: 'mesmo aparelho de outras 4 contas' })
      .where('id', '=', b)
      .execute();
    const list = cli('list');
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(`#${a}`);
    expect(list.stdout).toMatch(new RegExp(`#${b} .*⚠ mesmo aparelho de outras 4 contas`));
    expect(list.stdout).not.toContain('58716523000119');

    const noPoints = cli('approve', String(a));
    expect(noPoints.status).toBe(1);
    expect(noPoints.stderr).toContain('--points');
    expect(cli('approve', String(a), '--points', '80').stdout).toContain('80 pontos creditados');
    expect(cli('reject', String(b), '--reason', 'Nota de outra pessoa').stdout).toContain('recusada');
    expect(cli('reject', String(b), '--reason', 'de novo').status).toBe(1);
    expect(cli('bogus').status).toBe(2);

    const rows = await db
      .selectFrom('invoices')
      .select(['id', 'status', 'points', 'rejection_reason'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: a, status: 'approved', points: 80, rejection_reason: null },
      { id: b, status: 'rejected', points: null, rejection_reason: 'Nota de outra pessoa' },
    ]);
    const ledger = await db.selectFrom('points_ledger').select(['kind', 'points', 'invoice_id']).execute();
    expect(ledger).toEqual([{ kind: 'credit', points: 80, invoice_id: a }]);
  }, 60_000);
});
