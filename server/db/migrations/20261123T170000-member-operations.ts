import type { Kysely, Migration } from 'kysely';
import { currentTimestampText, idColumn } from '../dialect';

/**
 * The operator's switches on a member (`npm run members`): the consent modal's own text, and an audit of every
 * switch (who, what, when) so support can tell why a member's account changed.
 */
export const memberOperations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('consent_message', 'text').execute();
    await db.schema
      .createTable('member_audit')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .execute();
    await db.schema.createIndex('member_audit_user_idx').on('member_audit').columns(['user_id', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('member_audit').execute();
    await db.schema.alterTable('users').dropColumn('consent_message').execute();
  },
};
