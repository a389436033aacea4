import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn, currentTimestampText, makeAppendOnly } from '../dialect';

/**
 * Invoices (notas fiscais) with their files and status timeline, the registered stores, the earning rules and the
 * append-only points ledger with its balance snapshot.
 */
export const invoicesAndPoints: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stores')
      .$call(idColumn(db))
      .addColumn('cnpj', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .execute();

    // 'base': points per R$ 1 of the invoice total (the standard campaign); 'multiplier': a campaign multiplying
    // the base points of invoices issued inside [starts_on, ends_on], in percent (200 = double points).
    await db.schema
      .createTable('earning_rules')
      .$call(idColumn(db))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('base', 'multiplier')`))
      .addColumn('points_per_real', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('multiplier_percent', 'integer', (c) => c.notNull().defaultTo(100))
      .addColumn('starts_on', 'text')
      .addColumn('ends_on', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db
      .insertInto('earning_rules' as never)
      .values({ code: 'padrao', name: 'Campanha padrão', kind: 'base', points_per_real: 1 } as never)
      .execute();

    await db.schema
      .createTable('invoices')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('access_key', 'text', (c) => c.notNull().unique())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('received', 'in_review', 'approved', 'rejected')`),
      )
      .addColumn('uf', 'text', (c) => c.notNull())
      .addColumn('issued_month', 'text', (c) => c.notNull())
      .addColumn('issuer_cnpj', 'text', (c) => c.notNull())
      .addColumn('model', 'integer', (c) => c.notNull())
      .addColumn('series', 'integer', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('has_xml', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('issuer_name', 'text')
      .addColumn('issued_at', 'text')
      .addColumn('total_cents', 'integer')
      .addColumn('buyer_document', 'text')
      .addColumn('items_json', 'text')
      .addColumn('flag_reason', 'text')
      .addColumn('rejection_reason', 'text')
      .addColumn('points', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('invoices_user_idempotency_unique', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('invoices_user_id_idx').on('invoices').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('invoices_status_idx').on('invoices').columns(['status', 'id']).execute();

    await db.schema
      .createTable('invoice_files')
      .$call(idColumn(db))
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('storage_path', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Set when the member re-sends a refused invoice: the old files stay for the record but are no longer shown.
      .addColumn('replaced_at', 'text')
      .execute();
    await db.schema.createIndex('invoice_files_invoice_idx').on('invoice_files').column('invoice_id').execute();

    await db.schema
      .createTable('invoice_events')
      .$call(idColumn(db))
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('invoice_events_invoice_idx')
      .on('invoice_events')
      .columns(['invoice_id', 'id'])
      .execute();

    // Append-only: rows are never updated or deleted. expires_at is set on positive entries (12 months after the
    // credit); an expiry row points at the entry it expires, at most once.
    await db.schema
      .createTable('points_ledger')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('credit', 'bonus', 'expiry', 'adjustment')`))
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
      .addColumn('rule_id', 'integer', (c) => c.references('earning_rules.id'))
      .addColumn('expires_at', 'text')
      .addColumn('expired_entry_id', 'integer', (c) => c.references('points_ledger.id').unique())
      // Running totals written at insert (rows are appended in time order): the member's balance after this row, and
      // the sum of positive rows ("lots") up to this one. They let the extract find the points about to expire, and
      // the balance at the end of a month, with index lookups instead of summing the whole ledger.
      .addColumn('balance_after', 'integer', (c) => c.notNull())
      .addColumn('lot_cumulative', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // Keyset pages of the extract: (created_at, id) descending per member, with or without a kind filter.
    await db.schema
      .createIndex('points_ledger_user_created_idx')
      .on('points_ledger')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('points_ledger_user_kind_created_idx')
      .on('points_ledger')
      .columns(['user_id', 'kind', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('points_ledger_user_lots_idx')
      .on('points_ledger')
      .columns(['user_id', 'lot_cumulative'])
      .where(sql.ref('lot_cumulative'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('points_ledger_user_expires_idx')
      .on('points_ledger')
      .columns(['user_id', 'expires_at'])
      .where(sql.ref('lot_cumulative'), 'is not', null)
      .execute();
    await makeAppendOnly(db, 'points_ledger');

    // The ledger's sum per member, kept in the same transaction as each append so reading a balance never sums a
    // million rows. A test checks it against the real sum.
    await db.schema
      .createTable('points_balances')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('balance', 'integer', (c) => c.notNull())
      .addColumn('lots_total', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('points_balances').execute();
    await db.schema.dropTable('points_ledger').execute();
    await db.schema.dropTable('invoice_events').execute();
    await db.schema.dropTable('invoice_files').execute();
    await db.schema.dropTable('invoices').execute();
    await db.schema.dropTable('earning_rules').execute();
    await db.schema.dropTable('stores').execute();
  },
};
