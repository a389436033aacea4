import type { Kysely, Migration } from 'kysely';

/**
 * The lines a reviewer keyed from a photo or a PDF, kept with the four-eyes request they asked (JSON, null for a
 * request of points): the second person credits exactly those lines through the earning rules.
 */
export const approvalRequestItems: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('approval_requests').addColumn('items_json', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('approval_requests').dropColumn('items_json').execute();
  },
};
