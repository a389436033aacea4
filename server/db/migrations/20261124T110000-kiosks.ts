import type { Kysely, Migration } from 'kysely';
import { currentTimestampText } from '../dialect';

/**
 * The in-store kiosk (/totem): one-time set-up codes printed by `npm run stores -- kiosk <slug>`, the kiosks they
 * set up (only a hash of each kiosk's key is kept), and the hand-off links that let a customer finish on their own
 * phone a sign-up started at the counter. Codes, keys and links are stored as SHA-256 hashes: a copy of the
 * database opens nothing.
 */
export const kiosks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('kiosk_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createTable('kiosks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createTable('handoff_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('signup_id', 'text', (c) => c.notNull().references('pending_signups.id').onDelete('cascade'))
      .addColumn('kiosk_id', 'text', (c) => c.references('kiosks.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('handoff_links_signup_idx').on('handoff_links').column('signup_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('handoff_links').execute();
    await db.schema.dropTable('kiosks').execute();
    await db.schema.dropTable('kiosk_codes').execute();
  },
};
