import type { Kysely, Migration } from 'kysely';

/**
 * The inbox ("Avisos") pages newest first by when each notice's event happened, not by the order the rows were
 * written in: a keyset on (created_at, id) per member, which this index answers with one seek per page. The
 * (user_id, id) index stays for the unread count, the marking and the removal of a member's rows.
 */
export const notificationsByEventTime: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('notifications_user_created_idx')
      .on('notifications')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('notifications_user_created_idx').execute();
  },
};
