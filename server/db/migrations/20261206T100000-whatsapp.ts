import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialect';

/**
 * The WhatsApp channel (server/modules/whatsapp): the queue of signed webhook deliveries, every message both ways
 * (its `wamid` unique, so a redelivery does nothing twice; the club's own also the queue of what to send), and the
 * status callbacks of the club's messages, one row per status so their order of arrival does not matter.
 */
export const whatsapp: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('whatsapp_deliveries')
      .$call(idColumn(db))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('done_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema
      .createIndex('whatsapp_deliveries_due_idx')
      .on('whatsapp_deliveries')
      .columns(['next_attempt_at'])
      .execute();

    await db.schema
      .createTable('whatsapp_messages')
      .$call(idColumn(db))
      .addColumn('wamid', 'text', (c) => c.notNull().unique())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('wa_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('media_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('send_state', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('last_error', 'text')
      .execute();
    // A conversation is read by number, newest last; the 24-hour window reads the last inbound of a number.
    await db.schema
      .createIndex('whatsapp_messages_wa_idx')
      .on('whatsapp_messages')
      .columns(['wa_id', 'direction', 'created_at'])
      .execute();
    await db.schema.createIndex('whatsapp_messages_user_idx').on('whatsapp_messages').columns(['user_id']).execute();
    await db.schema
      .createIndex('whatsapp_messages_due_idx')
      .on('whatsapp_messages')
      .columns(['next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('whatsapp_messages_created_idx')
      .on('whatsapp_messages')
      .columns(['created_at'])
      .execute();

    await db.schema
      .createTable('whatsapp_statuses')
      .addColumn('wamid', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('whatsapp_statuses_pk', ['wamid', 'status'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('whatsapp_statuses').execute();
    await db.schema.dropTable('whatsapp_messages').execute();
    await db.schema.dropTable('whatsapp_deliveries').execute();
  },
};
