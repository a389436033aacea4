import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Transfers of points to a points partner: the member's linked account (one at a time), each transfer with the
 * ledger debit that paid for it and the refund that gave it back, the operators' and the partner's answers (audit),
 * the signatures of callbacks already taken (a replay is refused) and the link attempts (a limit per day, so
 * nobody probes the partner's accounts through the club).
 */
export const pointsPartner: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('partner_links')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('linked_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('partner_link_attempts')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('partner_link_attempts_user_idx')
      .on('partner_link_attempts')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('partner_transfers')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('program', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'completed', 'refused')`))
      // Club points out and partner points in, at the rate of the day.
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points > 0`))
      .addColumn('partner_points', 'integer', (c) => c.notNull().check(sql`partner_points > 0`))
      .addColumn('partner_reference', 'text')
      .addColumn('refuse_reason', 'text')
      // Written in the transaction that creates the row, right after the debit that names the transfer's number.
      .addColumn('debit_entry_id', 'integer', (c) => c.unique().references('points_ledger.id'))
      .addColumn('refund_entry_id', 'integer', (c) => c.unique().references('points_ledger.id'))
      // An answer of the partner after the transfer was already settled the other way (kept, never acted on).
      .addColumn('late_answer', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('settled_at', 'text')
      .addUniqueConstraint('partner_transfers_attempt_unique', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema
      .createIndex('partner_transfers_user_idx')
      .on('partner_transfers')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('partner_transfers_status_idx')
      .on('partner_transfers')
      .columns(['status', 'created_at'])
      .execute();

    await db.schema
      .createTable('partner_audit')
      .$call(idColumn(db))
      .addColumn('transfer_id', 'integer', (c) => c.references('partner_transfers.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('partner_audit_transfer_idx')
      .on('partner_audit')
      .columns(['transfer_id', 'id'])
      .execute();

    await db.schema
      .createTable('partner_callbacks')
      .addColumn('signature', 'text', (c) => c.primaryKey())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partner_callbacks').execute();
    await db.schema.dropTable('partner_audit').execute();
    await db.schema.dropTable('partner_transfers').execute();
    await db.schema.dropTable('partner_link_attempts').execute();
    await db.schema.dropTable('partner_links').execute();
  },
};
