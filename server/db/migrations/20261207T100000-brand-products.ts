import type { Kysely, Migration } from 'kysely';

/**
 * The brand's product catalogue, by GTIN: an NF-e item earns points only when its GTIN is here (docs/earning.md).
 * The GTIN is kept as GTIN-14, the form every GTIN-8/12/13 is compared in. Apart from `products`, the short list of
 * products a member may name in a project.
 */
export const brandProducts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('brand_products')
      .addColumn('gtin', 'text', (c) => c.primaryKey())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('line', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('brand_products_line_idx').on('brand_products').columns(['line', 'name']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('brand_products').execute();
  },
};
