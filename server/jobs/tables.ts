declare module '../db/schema' {
  interface Database {
    job_runs: JobRunsTable;
  }
}

export interface JobRunsTable {
  name: string;
  /** SQLite only: epoch milliseconds until which a process holds the job (see withJobLock). */
  locked_until: number | null;
  /** ISO timestamp of the last finished run. */
  last_run_at: string | null;
}
