import type { Kysely, Migration } from 'kysely';

/**
 * Access keys a member tried that another member had already sent: the reviewer's risk signal "a mesma chave foi
 * tentada por outro membro" (one receipt passed around a workshop, or keys copied off a store's counter). One row per
 * key and member, counted, so a member retrying the same refused key does not grow the table.
 */
export const invoiceKeyAttempts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invoice_key_attempts')
      .addColumn('access_key', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('invoice_key_attempts_pk', ['access_key', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('invoice_key_attempts').execute();
  },
};
