import type { Kysely, Migration } from 'kysely';

/**
 * A reward's photos, as JSON in the catalogue's order: each one's content image, its thumbnail for the cards, their
 * sizes and its description. '[]' until the reward's file names photos (npm run rewards -- import).
 */
export const rewardPhotos: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('rewards')
      .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('rewards').dropColumn('photos').execute();
  },
};
