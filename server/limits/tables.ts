// The shared-limit tables join the Database type by interface merging, like the other modules' tables.
declare module '../db/schema' {
  interface Database {
    rate_limits: RateLimitsTable;
  }
}

/** rate-limiter-flexible's own layout; written only by the library, read and swept by the cleanup job. */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** Epoch milliseconds. */
  expire: number | null;
}
