import type { Kysely, Migration } from 'kysely';

export const jobRuns: Migration = {
  async up(db: Kysely<unknown>) {
    // Scheduled jobs: when each last ran (so N processes run a daily job once a day), and on SQLite the lease of
    // the process running it now.
    await db.schema
      .createTable('job_runs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('locked_until', 'bigint')
      .addColumn('last_run_at', 'text')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job_runs').execute();
  },
};
