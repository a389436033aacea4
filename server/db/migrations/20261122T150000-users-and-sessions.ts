import type { Kysely, Migration } from 'kysely';
import { idColumn, currentTimestampText } from '../dialect';

// Migrations take Kysely<unknown>: they must keep working after the schema types move on.
export const usersAndSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('careers')
      .$call(idColumn(db))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('wood_work_related', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('states')
      .$call(idColumn(db))
      .addColumn('uf', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('cities')
      .$call(idColumn(db))
      .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addUniqueConstraint('cities_state_name_unique', ['state_id', 'name'])
      .execute();

    await db.schema
      .createTable('users')
      .$call(idColumn(db))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sur_name', 'text', (c) => c.notNull())
      .addColumn('cpf', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('email_confirmed_at', 'text')
      .addColumn('phone_number', 'text', (c) => c.unique())
      .addColumn('phone_number_prefix', 'text')
      .addColumn('phone_verified_at', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('birth_date', 'text')
      .addColumn('gender', 'text')
      .addColumn('career_id', 'integer', (c) => c.references('careers.id'))
      .addColumn('cep', 'text')
      .addColumn('address', 'text')
      .addColumn('number', 'text')
      .addColumn('complement', 'text')
      .addColumn('district', 'text')
      .addColumn('state_id', 'integer', (c) => c.references('states.id'))
      .addColumn('city_id', 'integer', (c) => c.references('cities.id'))
      .addColumn('profile_image', 'text')
      .addColumn('accept_email_comunications', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('accept_message_comunications', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('chatbot_invoice_upload_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('subsidiary_slug', 'text')
      .addColumn('account_type', 'text')
      .addColumn('change_password_required', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consent_pending', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disabled_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('replaced_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
    await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('users').execute();
    await db.schema.dropTable('cities').execute();
    await db.schema.dropTable('states').execute();
    await db.schema.dropTable('careers').execute();
  },
};
