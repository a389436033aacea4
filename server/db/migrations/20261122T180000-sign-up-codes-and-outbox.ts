import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialect';

export const signUpCodesAndOutbox: Migration = {
  async up(db: Kysely<unknown>) {
    // Step one of sign-up, until the SMS code proves the phone. Nothing here is a member yet.
    await db.schema
      .createTable('pending_signups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sur_name', 'text', (c) => c.notNull())
      .addColumn('cpf', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('birth_date', 'text', (c) => c.notNull())
      .addColumn('accept_email_comunications', 'integer', (c) => c.notNull())
      .addColumn('accept_message_comunications', 'integer', (c) => c.notNull())
      .addColumn('subsidiary_slug', 'text')
      .addColumn('terms_accepted_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .execute();

    // One-time codes (SMS or e-mail) for sign-up, phone change and password reset; stored as an HMAC, never plain.
    await db.schema
      .createTable('verification_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'text')
      .execute();
    await db.schema
      .createIndex('verification_codes_subject_idx')
      .on('verification_codes')
      .columns(['purpose', 'subject'])
      .execute();

    await db.schema
      .createTable('email_confirmations')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();

    // What the embedded default "sends": read it with `npm run outbox -- --to <phone or e-mail>`.
    await db.schema
      .createTable('outbox')
      .$call(idColumn(db))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_recipient_idx').on('outbox').columns(['recipient', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outbox').execute();
    await db.schema.dropTable('email_confirmations').execute();
    await db.schema.dropTable('verification_codes').execute();
    await db.schema.dropTable('pending_signups').execute();
  },
};
