import '../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { DEMO_MEMBER, seedDemoData } from '../seed';
import { appendEntries, getBalance } from '../modules/points';
import { findUserByCpf } from '../modules/users';
import { clubCommand } from '../test/club-command';

let dataDir: string;
let db: Kysely<Database>;
let anaId: number;

const cli = clubCommand('partner', () => dataDir);

/** A transfer as the member's request leaves it, waiting for the partner (the API's own path is tested in the module). */
async function transfer(points: number): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('partner_transfers')
    .values({
      user_id: anaId,
      idempotency_key: randomUUID(),
      program: 'Programa Parceiro',
      account_id: '12345678',
      status: 'requested',
      points,
      partner_points: points,
      partner_reference: null,
      refuse_reason: null,
      debit_entry_id: null,
      refund_entry_id: null,
      late_answer: null,
      created_at: now,
      updated_at: now,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [debit] = await appendEntries(
    db,
    anaId,
    [
      {
        userId: anaId,
        kind: 'redemption',
        points: -points,
        description: `Transferência nº ${row.id} para Programa Parceiro`,
      },
    ],
    new Date(),
  );
  await db.updateTable('partner_transfers').set({ debit_entry_id: debit!.id }).where('id', '=', row.id).execute();
  return row.id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-partner-'));
  db = createDatabase({ file: path.join(dataDir, 'club.sqlite') });
  await migrateToLatest(db);
  await seedDemoData(db);
  anaId = (await findUserByCpf(db, DEMO_MEMBER.cpf))!.id;
  await appendEntries(db, anaId, [{ userId: anaId, kind: 'credit', points: 5000, description: 'Crédito' }], new Date());
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run partner', () => {
  it('lists the waiting transfers and confirms one for the partner, audited under the operator’s name', async () => {
    const id = await transfer(1000);
    const before = (await getBalance(db, anaId)).balance;
    expect(cli('list', '--status', 'solicitada').stdout).toMatch(
      new RegExp(`#${id}  solicitada  Ana .*conta 12345678  1000 pontos → 1000 Programa Parceiro`),
    );
    const bad = cli('confirm', String(id), '--reference', '<>', '--by', 'suporte.rui');
    expect(bad.status).toBe(1);
    expect(bad.stderr + bad.stdout).toContain('Informe a referência que o parceiro deu ao crédito');
    const done = cli('confirm', String(id), '--reference', 'PTS-77', '--by', 'suporte.rui');
    expect(done.status).toBe(0);
    const stored = await db
      .selectFrom('partner_transfers')
      .select('partner_reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.partner_reference).toBe('PTS-77');
    expect(done.stdout).toContain(`Transferência nº ${id}: concluída.`);
    expect(cli('confirm', String(id)).stdout).toContain('já estava assim; nada mudou');
    expect((await getBalance(db, anaId)).balance).toBe(before);
    expect(cli('list', '--status', 'concluída').stdout).toContain(`#${id}  concluida`);

    // Refusing what was confirmed gives nothing back: the late answer is kept and the operator told.
    const late = cli('refuse', String(id), '--reason', 'Conta encerrada', '--by', 'suporte.rui');
    expect(late.status).toBe(1);
    expect(late.stdout).toContain('já foi concluída: nada foi devolvido');
    expect((await getBalance(db, anaId)).balance).toBe(before);
    const audit = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'action', 'after'])
      .where('object_type', '=', 'partner_transfer')
      .where('object_id', '=', String(id))
      .where('actor_kind', '=', 'terminal')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.actor_name, a.action])).toEqual([
      ['suporte.rui', 'partner.confirm'],
      [expect.any(String), 'partner.confirm'],
      ['suporte.rui', 'partner.refuse'],
    ]);
    expect(JSON.parse(audit[2]!.after!)).toMatchObject({ status: 'completed', lateAnswer: 'refused' });
  });

  it('refuses with a reason the member reads, giving the points back; refuses bad commands', async () => {
    const before = (await getBalance(db, anaId)).balance;
    const id = await transfer(2000);
    const refused = cli('refuse', String(id), '--reason', 'Conta bloqueada no parceiro', '--by', 'suporte.ana');
    expect(refused.status).toBe(0);
    expect(refused.stdout).toContain(`Transferência nº ${id}: recusada; 2000 pontos devolvidos ao membro.`);
    expect((await getBalance(db, anaId)).balance).toBe(before);
    const row = await db.selectFrom('partner_transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refused', refuse_reason: 'Conta bloqueada no parceiro' });
    expect(row.refund_entry_id).not.toBeNull();
    expect(cli('list', '--status', 'recusada').stdout).toContain('motivo: Conta bloqueada no parceiro');

    const noReason = cli('refuse', String(id));
    expect(noReason.status).toBe(2);
    expect(noReason.stderr).toContain('Informe o motivo com --reason');
    const shortReason = cli('refuse', String(id), '--reason', 'não');
    expect(shortReason.status).toBe(1);
    expect(shortReason.stderr).toContain('Informe o motivo da recusa (de 5 a 300 caracteres)');
    const unknown = cli('confirm', '99999');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Nenhuma transferência com o número 99999.');
    expect(cli('list', '--status', 'perdida').stderr).toContain('Situação inválida');
    expect(cli('apagar').status).toBe(2);
  });
});
