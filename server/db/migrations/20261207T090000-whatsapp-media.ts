import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Notas sent over WhatsApp (server/modules/whatsapp/media-invoices.ts): each photo, PDF or XML a member sends waits
 * in `whatsapp_media` a short window for the rest of the same nota (and its access key), then becomes one invoice
 * through the app's own path; `invoices.channel` says where an invoice came from ('app' or 'whatsapp').
 * `whatsapp_handovers`: a member's conversation handed to a person ("atendente"), until staff end it or the member
 * leaves the app.
 */
export const whatsappMedia: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('invoices')
      .addColumn('channel', 'text', (c) => c.notNull().defaultTo('app'))
      .execute();
    await db.schema
      .createTable('whatsapp_media')
      .$call(idColumn(db))
      .addColumn('message_id', 'integer', (c) => c.notNull().references('whatsapp_messages.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('wa_id', 'text', (c) => c.notNull())
      .addColumn('media_id', 'text', (c) => c.notNull())
      .addColumn('mime_type', 'text')
      .addColumn('file_name', 'text')
      .addColumn('access_key', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id').onDelete('set null'))
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('whatsapp_media_due_idx').on('whatsapp_media').columns(['next_attempt_at']).execute();
    await db.schema
      .createIndex('whatsapp_media_member_idx')
      .on('whatsapp_media')
      .columns(['user_id', 'state'])
      .execute();
    await db.schema
      .createTable('whatsapp_handovers')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .addColumn('closed_reason', 'text')
      .execute();
    await db.schema
      .createIndex('whatsapp_handovers_member_idx')
      .on('whatsapp_handovers')
      .columns(['user_id', 'closed_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('whatsapp_handovers').execute();
    await db.schema.dropTable('whatsapp_media').execute();
    await db.schema.alterTable('invoices').dropColumn('channel').execute();
  },
};
