import { createHash } from 'node:crypto';
import type { Db } from '../db/schema';
import './tables';

/** altcha-lib's replay store: it asks to record a challenge id and refuses the payload unless this call added it. */
export interface UsedChallengeStore {
  get(key: string): Promise<boolean>;
  set(key: string, value: boolean): Promise<void>;
  setIfAbsent(key: string, value: boolean): Promise<boolean>;
}

const hashOf = (challengeId: string) => createHash('sha256').update(challengeId).digest('hex');

/**
 * Solved ALTCHA challenges in the club's database, so a solution accepted by one API process is refused by every
 * other. A row lives as long as a challenge can (`ttlMs` from its use: the challenge was issued before that, so it
 * is expired by then and refused without the row); the cleanup job deletes it after.
 */
export function usedChallengeStore(db: Db, ttlMs: number, now: () => number = Date.now): UsedChallengeStore {
  const record = async (key: string): Promise<boolean> => {
    const rows = await db
      .insertInto('used_altcha_challenges')
      .values({ challenge_hash: hashOf(key), expires_at: new Date(now() + ttlMs).toISOString() })
      .onConflict((oc) => oc.column('challenge_hash').doNothing())
      .returning('challenge_hash')
      .execute();
    return rows.length === 1;
  };
  return {
    async get(key) {
      const row = await db
        .selectFrom('used_altcha_challenges')
        .select('challenge_hash')
        .where('challenge_hash', '=', hashOf(key))
        .executeTakeFirst();
      return row !== undefined;
    },
    async set(key) {
      await record(key);
    },
    setIfAbsent: (key) => record(key),
  };
}

/** Deletes the rows of challenges that have expired. */
export async function deleteExpiredChallenges(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('used_altcha_challenges')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
