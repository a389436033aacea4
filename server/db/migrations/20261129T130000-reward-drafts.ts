import type { Kysely, Migration } from 'kysely';

/**
 * A reward can be a draft (`<slug>.rascunho.md`, or an import with --rascunho): editors preview it at its page, members
 * never see it in the catalogue nor can take it, until its file is imported without the draft mark.
 */
export const rewardDrafts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('rewards')
      .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('rewards').dropColumn('draft').execute();
  },
};
