// The shared-limit tables join the Database type by interface merging, like the other modules' tables.
declare module '../db/schema' {
  interface Database {
    rate_limits: RateLimitsTable;
    used_altcha_challenges: UsedAltchaChallengesTable;
  }
}

/** rate-limiter-flexible's own layout; written only by the library, read and swept by the cleanup job. */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** Epoch milliseconds. */
  expire: number | null;
}

export interface UsedAltchaChallengesTable {
  /** SHA-256 of the challenge id, hex. */
  challenge_hash: string;
  /** ISO timestamp after which the challenge is refused as expired anyway, so the row can go. */
  expires_at: string;
}
