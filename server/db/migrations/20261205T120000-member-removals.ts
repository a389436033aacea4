import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database';

const MESSAGE = 'points_ledger is append-only';

/**
 * A member can be deleted with their data (`npm run members -- remove-demo`), the points ledger included, which is
 * otherwise append-only. The ledger's DELETE guard lets a row go only while its member is listed in
 * `member_removals`: the removal lists the member, deletes them (the cascade takes their ledger rows) and unlists them,
 * all in one transaction, so no other delete of the ledger ever passes. UPDATE stays refused for every row.
 * `member_id` rather than `user_id`: the data export and the removal's own check read every `user_id` table as a
 * member's data, and this list is not.
 */
export const memberRemovals: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE member_removals (member_id integer PRIMARY KEY, started_at text NOT NULL)`.execute(db);
    if (dialectOf(db) === 'postgres') {
      await sql`DROP TRIGGER points_ledger_no_delete ON points_ledger`.execute(db);
      await sql`CREATE FUNCTION points_ledger_delete_guard() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM member_removals WHERE member_id = OLD.user_id) THEN RETURN OLD; END IF;
          RAISE EXCEPTION '${sql.raw(MESSAGE)}';
        END $$`.execute(db);
      await sql`CREATE TRIGGER points_ledger_no_delete BEFORE DELETE ON points_ledger
        FOR EACH ROW EXECUTE FUNCTION points_ledger_delete_guard()`.execute(db);
      return;
    }
    await sql`DROP TRIGGER points_ledger_no_delete`.execute(db);
    await sql`CREATE TRIGGER points_ledger_no_delete BEFORE DELETE ON points_ledger
      WHEN NOT EXISTS (SELECT 1 FROM member_removals WHERE member_id = OLD.user_id)
      BEGIN SELECT RAISE(ABORT, '${sql.raw(MESSAGE)}'); END`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialectOf(db) === 'postgres') {
      await sql`DROP TRIGGER points_ledger_no_delete ON points_ledger`.execute(db);
      await sql`DROP FUNCTION points_ledger_delete_guard()`.execute(db);
      await sql`CREATE TRIGGER points_ledger_no_delete BEFORE DELETE ON points_ledger
        FOR EACH ROW EXECUTE FUNCTION points_ledger_append_only()`.execute(db);
    } else {
      await sql`DROP TRIGGER points_ledger_no_delete`.execute(db);
      await sql`CREATE TRIGGER points_ledger_no_delete BEFORE DELETE ON points_ledger
        BEGIN SELECT RAISE(ABORT, '${sql.raw(MESSAGE)}'); END`.execute(db);
    }
    await sql`DROP TABLE member_removals`.execute(db);
  },
};
