import type { Kysely, Migration } from 'kysely';

export const usedAltchaChallenges: Migration = {
  async up(db: Kysely<unknown>) {
    // ALTCHA challenges already solved: the primary key makes "first use wins" hold across processes.
    await db.schema
      .createTable('used_altcha_challenges')
      .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('used_altcha_challenges_expires_idx')
      .on('used_altcha_challenges')
      .column('expires_at')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('used_altcha_challenges').execute();
  },
};
