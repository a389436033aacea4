import { sql, type Kysely, type Migration } from 'kysely';
import { currentTimestampText, idColumn, moveIdSequencePastRows } from '../dialect';

/**
 * The brand's partner stores become the club's stores: besides the CNPJ that invoices are matched against, a store
 * has the slug of its sign-up link (/cadastro-promo/<slug>), its city and state, and an active flag. A store added
 * from the terminal may not have a CNPJ yet, so the CNPJ becomes optional. SQLite cannot drop NOT NULL in place, so
 * the table is rebuilt the same way on both databases, keeping every id.
 */
export const stores: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stores_next')
      .$call(idColumn(db))
      .addColumn('cnpj', 'text', (c) => c.unique())
      .addColumn('slug', 'text', (c) => c.unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('city', 'text')
      .addColumn('uf', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .execute();
    await sql`INSERT INTO stores_next (id, cnpj, name, created_at) SELECT id, cnpj, name, created_at FROM stores`.execute(
      db,
    );
    await db.schema.dropTable('stores').execute();
    await db.schema.alterTable('stores_next').renameTo('stores').execute();
    await moveIdSequencePastRows(db, 'stores');
    // Sign-ups per store per day (the stores report) read the members by their store.
    await db.schema
      .createIndex('users_subsidiary_idx')
      .on('users')
      .columns(['subsidiary_slug', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_subsidiary_idx').execute();
    await sql`DELETE FROM stores WHERE cnpj IS NULL`.execute(db);
    await db.schema
      .createTable('stores_prev')
      .$call(idColumn(db))
      .addColumn('cnpj', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .execute();
    await sql`INSERT INTO stores_prev (id, cnpj, name, created_at) SELECT id, cnpj, name, created_at FROM stores`.execute(
      db,
    );
    await db.schema.dropTable('stores').execute();
    await db.schema.alterTable('stores_prev').renameTo('stores').execute();
    await moveIdSequencePastRows(db, 'stores');
  },
};
