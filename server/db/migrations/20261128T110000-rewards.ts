import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from '../dialect';

/**
 * The reward catalogue and its orders: what a member can take for points (stock and a per-member limit kept by the
 * redemption's transaction), each order with the ledger debit that paid for it and the refund that gave it back,
 * its timeline, and the operators' audit (who did what to which reward or order, when).
 */
export const rewards: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rewards')
      .$call(idColumn(db))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) =>
        c.notNull().check(sql`category in ('ferramentas', 'acessorios', 'cursos', 'vales', 'experiencias')`),
      )
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('produto', 'vale', 'curso', 'experiencia')`))
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points > 0`))
      .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
      // Orders one member may hold of this reward (cancelled ones do not count); null: no limit.
      .addColumn('per_member_limit', 'integer', (c) => c.check(sql`per_member_limit > 0`))
      // ISO instants; from inclusive, to exclusive; null: open.
      .addColumn('active_from', 'text')
      .addColumn('active_to', 'text')
      .addColumn('delivery', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // The catalogue's pages: cheapest first, keyset on (points, id).
    await db.schema.createIndex('rewards_points_idx').on('rewards').columns(['points', 'id']).execute();

    await db.schema
      .createTable('reward_orders')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reward_id', 'integer', (c) => c.notNull().references('rewards.id'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('requested', 'separating', 'shipped', 'delivered', 'cancelled')`),
      )
      .addColumn('points', 'integer', (c) => c.notNull())
      // JSON of the delivery address, a copy taken at the order (a product only).
      .addColumn('address', 'text')
      .addColumn('carrier', 'text')
      .addColumn('tracking_code', 'text')
      .addColumn('cancel_reason', 'text')
      .addColumn('debit_entry_id', 'integer', (c) => c.notNull().unique().references('points_ledger.id'))
      .addColumn('refund_entry_id', 'integer', (c) => c.unique().references('points_ledger.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('reward_orders_attempt_unique', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('reward_orders_user_idx').on('reward_orders').columns(['user_id', 'id']).execute();
    await db.schema
      .createIndex('reward_orders_reward_user_idx')
      .on('reward_orders')
      .columns(['reward_id', 'user_id', 'status'])
      .execute();
    await db.schema.createIndex('reward_orders_status_idx').on('reward_orders').columns(['status', 'id']).execute();

    await db.schema
      .createTable('reward_order_events')
      .$call(idColumn(db))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('reward_orders.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('reward_order_events_order_idx')
      .on('reward_order_events')
      .columns(['order_id', 'id'])
      .execute();

    await db.schema
      .createTable('reward_audit')
      .$call(idColumn(db))
      .addColumn('reward_id', 'integer', (c) => c.references('rewards.id'))
      .addColumn('order_id', 'integer', (c) => c.references('reward_orders.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reward_audit').execute();
    await db.schema.dropTable('reward_order_events').execute();
    await db.schema.dropTable('reward_orders').execute();
    await db.schema.dropTable('rewards').execute();
  },
};
