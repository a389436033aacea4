import type { Kysely, Migration } from 'kysely';
import { bytesType, currentTimestampText, idColumn } from '../dialect';

/**
 * Club content (campaigns, standard campaign, promotions, rule book, FAQ) in one table: every kind has the same
 * life cycle (imported from files, published or draft), so one table keeps the import and the draft rule in one
 * place. Columns hold what is filtered or sorted on; the rest of each kind's fields sit in `data` (JSON).
 */
export const content: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('content_entries')
      .$call(idColumn(db))
      .addColumn('kind', 'text', (c) => c.notNull())
      // FAQ items live under a subject; every other kind uses ''.
      .addColumn('parent_key', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('starts_on', 'text')
      .addColumn('ends_on', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body_html', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('banner_asset_id', 'text')
      .addColumn('banner_alt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .addUniqueConstraint('content_entries_identity', ['kind', 'parent_key', 'key', 'state'])
      .execute();
    await db.schema
      .createIndex('content_entries_list_idx')
      .on('content_entries')
      .columns(['kind', 'state', 'starts_on'])
      .execute();

    await db.schema
      .createTable('content_assets')
      // sha256 of the bytes (first 32 hex) plus the extension: the same image imported twice is stored once.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', bytesType(db), (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .execute();

    await db.schema
      .createTable('survey_responses')
      .$call(idColumn(db))
      .addColumn('promotion_key', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // One answer per member and promotion, even when two requests race.
      .addUniqueConstraint('survey_responses_once', ['promotion_key', 'user_id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('survey_responses').execute();
    await db.schema.dropTable('content_assets').execute();
    await db.schema.dropTable('content_entries').execute();
  },
};
