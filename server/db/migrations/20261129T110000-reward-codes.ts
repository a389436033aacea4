import { type Kysely, type Migration } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Codes for vouchers and courses, and orders held for review.
 * - A code is loaded by the operator (a CSV) or generated, belongs to one reward and, once given, to one order
 *   (`order_id` is unique): two orders can never share a code. A reward of this kind with no free code is sold out.
 * - `review_reason` on an order: a risk rule of the device session held it (the member reads "Em análise"); the
 *   reason is for the club only. Cleared when the club releases the order.
 */
export const rewardCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reward_codes')
      .$call(idColumn(db))
      .addColumn('reward_id', 'integer', (c) => c.notNull().references('rewards.id'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      // ISO date (yyyy-mm-dd), the last day the code is accepted.
      .addColumn('valid_until', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.unique().references('reward_orders.id'))
      .addColumn('given_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The next free code of a reward, and the count of free codes, read by the redemption and the catalogue.
    await db.schema
      .createIndex('reward_codes_free_idx')
      .on('reward_codes')
      .columns(['reward_id', 'order_id', 'id'])
      .execute();
    await db.schema.alterTable('reward_orders').addColumn('review_reason', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('reward_orders').dropColumn('review_reason').execute();
    await db.schema.dropTable('reward_codes').execute();
  },
};
