import type { Kysely, Migration } from 'kysely';

/**
 * The notices channel on WhatsApp (server/modules/whatsapp/notices.ts): `whatsapp_notices` holds one row per notice
 * the channel considered for a member who accepted "Por SMS e WhatsApp" (its primary key keeps a notice from going
 * twice), with what became of it; `whatsapp_notice_cursor` (one row) the last notice read, so each run reads only
 * the notices created since.
 */
export const whatsappNotices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('whatsapp_notices')
      .addColumn('notification_id', 'integer', (c) => c.primaryKey().references('notifications.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('message_id', 'integer', (c) => c.references('whatsapp_messages.id').onDelete('set null'))
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('whatsapp_notices_member_idx').on('whatsapp_notices').columns(['user_id']).execute();
    await db.schema
      .createTable('whatsapp_notice_cursor')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('last_notification_id', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('whatsapp_notice_cursor').execute();
    await db.schema.dropTable('whatsapp_notices').execute();
  },
};
