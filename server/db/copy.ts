import { sql, type Kysely } from 'kysely';
import { dialectOf } from './database';
import { foreignKeysOf, moveIdSequencePastRows } from './dialect';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/** Tables the database keeps itself from others' rows: the ledger's triggers fill them again as its rows arrive. */
const DERIVED_TABLES: ReadonlySet<string> = new Set(['points_totals']);

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table (users, ~30 columns). */
const BATCH = 500;

/** Tables in an order where every row's foreign keys point at rows already copied (a table may point at itself). */
export async function tablesInDependencyOrder(db: Kysely<Database>): Promise<string[]> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
  const dependsOn = new Map<string, Set<string>>();
  for (const table of tables) {
    const keys = await foreignKeysOf(db, table);
    dependsOn.set(table, new Set(keys.map((k) => k.table).filter((t) => t !== table)));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...dependsOn.get(t)!].every((d) => placed.has(d)));
    if (ready.length === 0) throw new Error('Dependência circular entre tabelas.');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

export interface CopyReport {
  table: string;
  rows: number;
}

/**
 * Copies a whole club into an empty database (SQLite to PostgreSQL, the move past one machine): the target is
 * migrated to the same schema, then every table is copied in key order, in one transaction, and PostgreSQL's id
 * sequences are moved past the copied ids so new rows do not collide. A target that already holds members is
 * refused: merging two clubs is not a copy.
 */
export async function copyDatabase(source: Kysely<Database>, target: Kysely<Database>): Promise<CopyReport[]> {
  await migrateToLatest(source);
  await migrateToLatest(target);
  const existing = await target
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) {
    throw new Error('O banco de destino já tem participantes. Use um banco vazio (recém-criado) como destino.');
  }
  const tables = await tablesInDependencyOrder(source);
  const report: CopyReport[] = [];
  await target.transaction().execute(async (trx) => {
    // Rows a migration seeded (states, cities, careers…) are replaced by the source's, ids included. Only tables that
    // hold rows are emptied: the ledger refuses any DELETE, and a fresh target has no ledger rows.
    for (const table of [...tables].reverse()) {
      const any = await sql`SELECT 1 FROM ${sql.table(table)} LIMIT 1`.execute(trx);
      if (any.rows.length > 0) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
    }
    for (const table of tables) {
      if (DERIVED_TABLES.has(table)) continue;
      let copied = 0;
      for (let offset = 0; ; offset += BATCH) {
        const rows = (
          await sql<
            Record<string, unknown>
          >`SELECT * FROM ${sql.table(table)} ORDER BY 1 LIMIT ${BATCH} OFFSET ${offset}`.execute(source)
        ).rows;
        if (rows.length === 0) break;
        // Tables are only known at run time here; the rows come from the same schema.
        await trx
          .insertInto(table as keyof Database)
          .values(rows as never)
          .execute();
        copied += rows.length;
        if (rows.length < BATCH) break;
      }
      report.push({ table, rows: copied });
    }
    if (dialectOf(trx) === 'postgres') {
      const serial = (await target.introspection.getTables()).filter((t) =>
        t.columns.some((c) => c.name === 'id' && c.isAutoIncrementing),
      );
      for (const { name } of serial) await moveIdSequencePastRows(trx, name);
    }
  });
  return report;
}
