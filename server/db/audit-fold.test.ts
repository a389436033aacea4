import '../test/esm-shims';
import { Migrator, sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { appendEntries } from '../modules/points';
import { seedDemoData } from '../seed';
import { migrations } from './migrations';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/**
 * The fold of the modules' older audit tables into `staff_audit` (20261212T110000-audit-fold): a club migrated up to
 * the migration before it, with lines in the three tables (some already in the trail, as the operators' switches were
 * written to both), migrated to the latest, finds every line once in the trail, in the order they happened.
 */

const BEFORE_FOLD = '20261211T110000-points-adjustments';

let t: TestDatabase;
let db: Kysely<Database>;

beforeEach(async () => {
  t = await createTestDatabase({ migrated: false });
  db = t.db;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(BEFORE_FOLD);
  if (error) throw error;
  await seedDemoData(db);
});

afterEach(() => t.drop());

const insert = (table: string, row: Record<string, unknown>) =>
  sql`INSERT INTO ${sql.table(table)} (${sql.join(Object.keys(row).map((k) => sql.id(k)))})
    VALUES (${sql.join(Object.values(row))})`.execute(db);

async function tableExists(name: string): Promise<boolean> {
  try {
    await sql`SELECT 1 FROM ${sql.table(name)} LIMIT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

it('copies every line of member_audit, reward_audit and partner_audit into staff_audit once, then drops them', async () => {
  const member = await db
    .selectFrom('users')
    .select(['id', 'name', 'sur_name'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const reward = await db.selectFrom('rewards').select(['id', 'slug', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const [debit] = await appendEntries(
    db,
    member.id,
    [{ userId: member.id, kind: 'bonus', points: 10, description: 'Bônus' }],
    new Date(),
  );
  const order = await db
    .insertInto('reward_orders')
    .values({
      user_id: member.id,
      reward_id: reward.id,
      idempotency_key: 'resgate-dobra',
      status: 'shipped',
      points: 10,
      address: null,
      carrier: 'Correios',
      tracking_code: 'BR123',
      cancel_reason: null,
      debit_entry_id: debit!.id,
      refund_entry_id: null,
      review_reason: null,
      created_at: '2026-11-29T09:00:00.000Z',
      updated_at: '2026-11-29T09:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const at = (minute: number) => `2025-11-29T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const transfer = await db
    .insertInto('partner_transfers')
    .values({
      user_id: member.id,
      idempotency_key: 'transferencia-dobra',
      program: 'Programa Parceiro',
      account_id: 'conta-1',
      status: 'completed',
      points: 1000,
      partner_points: 500,
      created_at: at(5),
      updated_at: at(6),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Before the trail began: a switch as the column's default wrote its time.
  await insert('member_audit', {
    user_id: member.id,
    actor: 'suporte.ana',
    action: 'consent',
    detail: 'Confirme seus dados',
    created_at: '2025-11-28 09:00:00',
  });
  // Since then each switch was written to both, with one time.
  await insert('member_audit', { user_id: member.id, actor: 'suporte.rui', action: 'disable', created_at: at(1) });
  await insert('staff_audit', {
    created_at: at(1),
    actor_kind: 'terminal',
    actor_name: 'suporte.rui',
    action: 'member.disable',
    object_type: 'member',
    object_id: String(member.id),
    object_label: `${member.name} ${member.sur_name}`,
    after: '{"disabled_at":"x"}',
  });
  await insert('reward_audit', {
    reward_id: reward.id,
    actor: 'compras.lia',
    action: 'stock',
    detail: '10 → 3',
    created_at: at(2),
  });
  await insert('reward_audit', {
    reward_id: reward.id,
    order_id: order.id,
    actor: 'expedicao.rui',
    action: 'shipped',
    detail: 'Correios · BR123',
    created_at: at(3),
  });
  await insert('partner_audit', {
    user_id: member.id,
    actor: 'membro',
    action: 'link',
    detail: 'conta-1',
    created_at: at(4),
  });
  await insert('partner_audit', {
    transfer_id: transfer.id,
    user_id: member.id,
    actor: 'membro',
    action: 'requested',
    detail: '1000 pontos',
    created_at: at(5),
  });
  await insert('partner_audit', {
    transfer_id: transfer.id,
    user_id: member.id,
    actor: 'parceiro',
    action: 'confirmed',
    detail: 'REF-9',
    created_at: at(6),
  });
  await insert('partner_audit', {
    transfer_id: transfer.id,
    user_id: member.id,
    actor: 'prazo',
    action: 'late-refused',
    created_at: at(7),
  });
  const trailBefore = await db.selectFrom('staff_audit').select('id').execute();

  await migrateToLatest(db);

  for (const table of ['member_audit', 'reward_audit', 'partner_audit']) expect(await tableExists(table)).toBe(false);
  const trail = await db
    .selectFrom('staff_audit')
    .select([
      'id',
      'created_at',
      'actor_kind',
      'actor_name',
      'action',
      'object_type',
      'object_id',
      'object_label',
      'after',
    ])
    .orderBy('id')
    .execute();
  // The demo's own lines stay, and the old tables add one line each but the one already there.
  expect(trail).toHaveLength(trailBefore.length + 7);
  expect(trail.map((l) => l.created_at)).toEqual([...trail.map((l) => l.created_at)].sort());
  const folded = trail.filter((l) => l.created_at.startsWith('2025-'));
  expect(folded).toEqual([
    {
      id: expect.any(Number),
      created_at: '2025-11-28T09:00:00.000Z',
      actor_kind: 'terminal',
      actor_name: 'suporte.ana',
      action: 'member.consent',
      object_type: 'member',
      object_id: String(member.id),
      object_label: `${member.name} ${member.sur_name}`,
      after: JSON.stringify({ detail: 'Confirme seus dados' }),
    },
    {
      id: expect.any(Number),
      created_at: at(1),
      actor_kind: 'terminal',
      actor_name: 'suporte.rui',
      action: 'member.disable',
      object_type: 'member',
      object_id: String(member.id),
      object_label: `${member.name} ${member.sur_name}`,
      after: '{"disabled_at":"x"}',
    },
    {
      id: expect.any(Number),
      created_at: at(2),
      actor_kind: 'terminal',
      actor_name: 'compras.lia',
      action: 'reward.stock',
      object_type: 'reward',
      object_id: String(reward.id),
      object_label: reward.slug,
      after: JSON.stringify({ detail: '10 → 3' }),
    },
    {
      id: expect.any(Number),
      created_at: at(3),
      actor_kind: 'terminal',
      actor_name: 'expedicao.rui',
      action: 'reward.ship',
      object_type: 'reward_order',
      object_id: String(order.id),
      object_label: `Resgate nº ${order.id} (${reward.name})`,
      after: JSON.stringify({ detail: 'Correios · BR123' }),
    },
    {
      id: expect.any(Number),
      created_at: at(4),
      actor_kind: 'member',
      actor_name: `membro #${member.id}`,
      action: 'partner.link',
      object_type: 'member',
      object_id: String(member.id),
      object_label: null,
      after: JSON.stringify({ detail: 'conta-1' }),
    },
    {
      id: expect.any(Number),
      created_at: at(5),
      actor_kind: 'member',
      actor_name: `membro #${member.id}`,
      action: 'partner.request',
      object_type: 'partner_transfer',
      object_id: String(transfer.id),
      object_label: `Transferência nº ${transfer.id}`,
      after: JSON.stringify({ detail: '1000 pontos' }),
    },
    {
      id: expect.any(Number),
      created_at: at(6),
      actor_kind: 'system',
      actor_name: 'parceiro',
      action: 'partner.confirm',
      object_type: 'partner_transfer',
      object_id: String(transfer.id),
      object_label: `Transferência nº ${transfer.id}`,
      after: JSON.stringify({ detail: 'REF-9' }),
    },
    {
      id: expect.any(Number),
      created_at: at(7),
      actor_kind: 'system',
      actor_name: 'prazo',
      action: 'partner.refuse',
      object_type: 'partner_transfer',
      object_id: String(transfer.id),
      object_label: `Transferência nº ${transfer.id}`,
      after: JSON.stringify({ lateAnswer: 'refused' }),
    },
  ]);

  // The trail is still append-only, and new lines come after the copied ones.
  // Read by its message: better-sqlite3's errors are not instances of this file's Error (see staff.test.ts).
  const refusal = (run: Promise<unknown>) =>
    run.then(
      () => 'accepted',
      (error: { message?: string }) => error.message ?? String(error),
    );
  expect(await refusal(sql`UPDATE staff_audit SET actor_name = 'x'`.execute(db))).toMatch(/append-only/);
  expect(await refusal(sql`DELETE FROM staff_audit`.execute(db))).toMatch(/append-only/);
  await insert('staff_audit', { actor_kind: 'member', actor_name: 'membro #1', action: 'partner.unlink' });
  const last = await db
    .selectFrom('staff_audit')
    .select(['id', 'action'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(last.action).toBe('partner.unlink');
  expect(last.id).toBeGreaterThan(Math.max(...trail.map((l) => l.id)));
});
