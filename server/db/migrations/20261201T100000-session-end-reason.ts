import type { Kysely, Migration } from 'kysely';

/**
 * Why a session (a refresh-token family) was ended, when the member's device should be told: "ended-elsewhere" for
 * one ended from "Aparelhos conectados" on another device. The refresh that fails on the ended device says so.
 */
export const sessionEndReason: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('refresh_tokens').addColumn('revoked_reason', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('refresh_tokens').dropColumn('revoked_reason').execute();
  },
};
