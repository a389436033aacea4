import type { Kysely, Migration } from 'kysely';

export const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    // Counters of rate-limiter-flexible (every limit of every API process, told apart by key prefix). Its
    // PostgreSQL upsert inserts without a column list, so the columns keep the library's order: key, points,
    // expire (epoch milliseconds). Keys are HMACs: no IP, CPF or e-mail is stored here.
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expire', 'bigint')
      .execute();
    await db.schema.createIndex('rate_limits_expire_idx').on('rate_limits').column('expire').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
