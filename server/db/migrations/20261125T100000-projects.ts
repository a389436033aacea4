import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Projects: finished furniture a member sends with photos for review. The brand's product catalogue they pick
 * from, the photos (re-encoded by the API, uploaded one at a time before the project is sent, so they live
 * unattached for a while), the products and approved invoices a project names, its status timeline, and the
 * ledger's link to the project an approval credited (unique: an approval credits once, whatever runs twice).
 */
export const projects: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('products')
      // A readable, stable code ("mdf-branco-tx-15"): the same id on every database and in the demo data.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      // Name and category without accents, in lower case: the search matches "dobradica" with "Dobradiça".
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('projects')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('uf', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('finished_month', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('received', 'in_review', 'approved', 'rejected')`),
      )
      .addColumn('rejection_reason', 'text')
      .addColumn('points', 'integer')
      .addColumn('publish_consent', 'integer', (c) => c.notNull())
      .addColumn('published_at', 'text')
      .addColumn('campaign_slug', 'text')
      // The campaign's title when the project entered it, so the project still reads well after the campaign ends.
      .addColumn('campaign_title', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('projects_user_idempotency_unique', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('projects_user_id_idx').on('projects').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('projects_status_idx').on('projects').columns(['status', 'id']).execute();

    await db.schema
      .createTable('project_photos')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      // Null until a project takes the photo; unattached photos are removed after 24 hours.
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
      .addColumn('position', 'integer')
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('storage_path', 'text', (c) => c.notNull().unique())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('thumbnail_path', 'text', (c) => c.notNull().unique())
      .addColumn('thumbnail_width', 'integer', (c) => c.notNull())
      .addColumn('thumbnail_height', 'integer', (c) => c.notNull())
      // What the member sent and what the API kept, for the record of what re-encoding saves.
      .addColumn('original_bytes', 'integer', (c) => c.notNull())
      .addColumn('stored_bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('project_photos_user_idempotency_unique', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema
      .createIndex('project_photos_project_idx')
      .on('project_photos')
      .columns(['project_id', 'position'])
      .execute();
    await db.schema
      .createIndex('project_photos_unattached_idx')
      .on('project_photos')
      .column('created_at')
      .where(sql.ref('project_id'), 'is', null)
      .execute();

    await db.schema
      .createTable('project_products')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_products_pk', ['project_id', 'product_id'])
      .execute();

    await db.schema
      .createTable('project_invoices')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('project_invoices_pk', ['project_id', 'invoice_id'])
      .execute();

    await db.schema
      .createTable('project_events')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('project_events_project_idx')
      .on('project_events')
      .columns(['project_id', 'id'])
      .execute();

    // The ledger stays append-only: adding a nullable column rewrites no row.
    await db.schema
      .alterTable('points_ledger')
      .addColumn('project_id', 'integer', (c) => c.references('projects.id'))
      .execute();
    await db.schema
      .createIndex('points_ledger_project_unique')
      .on('points_ledger')
      .column('project_id')
      .unique()
      .where(sql.ref('project_id'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('points_ledger_project_unique').execute();
    await db.schema.alterTable('points_ledger').dropColumn('project_id').execute();
    await db.schema.dropTable('project_events').execute();
    await db.schema.dropTable('project_invoices').execute();
    await db.schema.dropTable('project_products').execute();
    await db.schema.dropTable('project_photos').execute();
    await db.schema.dropTable('projects').execute();
    await db.schema.dropTable('products').execute();
  },
};
