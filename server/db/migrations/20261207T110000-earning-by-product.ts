import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from '../dialect';

const LINES = ['mdf', 'mdp', 'hdf', 'fitas', 'pisos', 'paineis'];

/**
 * Earning by product (docs/earning.md): the rules' versions and each approval's breakdown.
 *
 * - `point_rules`: one row per version of a rule, never edited once created except to end it (`ends_on`, `ended_at`)
 *   and to count its budget; a change is a new version of the same code. `base` rules give points per R$ 1 or per
 *   unit of one product line; `multiplier` (rate in percent, 200 = double) and `bonus` (rate in points, once per
 *   purchase) are campaigns with filters, a cap per member and a budget. Lists are JSON arrays; null means any.
 * - `invoice_earnings`: what each rule gave each item of an approved invoice, linked to the ledger entry that credited
 *   it. The members' caps are summed from it.
 *
 * The old `earning_rules` stay for the ledger rows that name them; their base rate becomes each line's base rule,
 * and their active multipliers become campaigns over every line.
 */
export const earningByProduct: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('point_rules')
      .$call(idColumn(db))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('base', 'multiplier', 'bonus')`))
      .addColumn('per', 'text', (c) =>
        c
          .notNull()
          .defaultTo('real')
          .check(sql`per in ('real', 'unit')`),
      )
      .addColumn('rate', 'integer', (c) => c.notNull().check(sql`rate >= 0`))
      .addColumn('lines', 'text')
      .addColumn('gtins', 'text')
      .addColumn('stores', 'text')
      .addColumn('ufs', 'text')
      .addColumn('starts_on', 'text', (c) => c.notNull())
      .addColumn('ends_on', 'text')
      .addColumn('cap_points', 'integer')
      .addColumn('cap_period', 'text', (c) => c.check(sql`cap_period in ('campanha', 'mes')`))
      .addColumn('budget_points', 'integer')
      .addColumn('budget_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('resolution', 'text', (c) =>
        c
          .notNull()
          .defaultTo('somar')
          .check(sql`resolution in ('somar', 'prioridade')`),
      )
      .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .addColumn('ended_by', 'text')
      .addUniqueConstraint('point_rules_code_version_unique', ['code', 'version'])
      // The budget is never overdrawn, whatever the process: the conditional UPDATE and this check both hold it.
      .addCheckConstraint('point_rules_budget_check', sql`budget_points is null or budget_used <= budget_points`)
      .execute();

    await db.schema
      .createTable('invoice_earnings')
      .$call(idColumn(db))
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rule_id', 'integer', (c) => c.notNull().references('point_rules.id'))
      .addColumn('item_index', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
      .addColumn('purchase_month', 'text', (c) => c.notNull())
      .addColumn('ledger_entry_id', 'integer', (c) => c.references('points_ledger.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('invoice_earnings_invoice_idx')
      .on('invoice_earnings')
      .columns(['invoice_id', 'item_index'])
      .execute();
    await db.schema
      .createIndex('invoice_earnings_member_rule_idx')
      .on('invoice_earnings')
      .columns(['user_id', 'rule_id', 'purchase_month'])
      .execute();

    const at = new Date().toISOString();
    const old = await sql<{
      name: string;
      kind: string;
      points_per_real: number;
      multiplier_percent: number;
      starts_on: string | null;
      ends_on: string | null;
      code: string;
    }>`SELECT code, name, kind, points_per_real, multiplier_percent, starts_on, ends_on FROM earning_rules
       WHERE active = 1 ORDER BY id`.execute(db);
    const base = old.rows.find((r) => r.kind === 'base');
    const rows = [
      ...LINES.map((line) => ({
        code: `base-${line}`,
        name: `Pontos de ${line}`,
        kind: 'base',
        rate: base?.points_per_real ?? 1,
        lines: JSON.stringify([line]),
        starts_on: '2000-01-01',
      })),
      ...old.rows
        .filter((r) => r.kind === 'multiplier' && r.multiplier_percent > 100)
        .map((r) => ({
          code: r.code,
          name: r.name,
          kind: 'multiplier',
          rate: r.multiplier_percent,
          lines: null,
          starts_on: r.starts_on ?? '2000-01-01',
          ends_on: r.ends_on,
        })),
    ];
    await db
      .insertInto('point_rules' as never)
      .values(rows.map((r) => ({ ...r, version: 1, created_at: at, created_by: 'migração' })) as never)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('invoice_earnings').execute();
    await db.schema.dropTable('point_rules').execute();
  },
};
