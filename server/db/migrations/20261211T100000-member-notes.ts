import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from '../dialect';

const MESSAGE = 'member_notes is append-only';

/**
 * Support's internal notes on a member ("ligou pedindo 2ª via do código"), read and written in the painel only.
 * Append-only like an audit trail: UPDATE is refused for every row, and DELETE only while the member is listed in
 * `member_removals` (the removal of a member with their data, whose cascade from `users` takes their notes).
 * `member_id` rather than `user_id`: the member's own data export reads every `user_id` table as theirs, and notes
 * are staff's, never shown to the member. The author is kept by name (and staff id, without a foreign key: a removed
 * demo staff account would otherwise need an UPDATE to its notes).
 */
export const memberNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_notes')
      .$call(idColumn(db))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('author_staff_id', 'integer')
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('member_notes_member_idx').on('member_notes').columns(['member_id', 'id']).execute();
    if (dialectOf(db) === 'postgres') {
      await sql`CREATE FUNCTION member_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION '${sql.raw(MESSAGE)}'; END $$`.execute(db);
      await sql`CREATE TRIGGER member_notes_no_update BEFORE UPDATE ON member_notes
        FOR EACH ROW EXECUTE FUNCTION member_notes_append_only()`.execute(db);
      await sql`CREATE FUNCTION member_notes_delete_guard() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM member_removals WHERE member_id = OLD.member_id) THEN RETURN OLD; END IF;
          RAISE EXCEPTION '${sql.raw(MESSAGE)}';
        END $$`.execute(db);
      await sql`CREATE TRIGGER member_notes_no_delete BEFORE DELETE ON member_notes
        FOR EACH ROW EXECUTE FUNCTION member_notes_delete_guard()`.execute(db);
      return;
    }
    await sql`CREATE TRIGGER member_notes_no_update BEFORE UPDATE ON member_notes
      BEGIN SELECT RAISE(ABORT, '${sql.raw(MESSAGE)}'); END`.execute(db);
    await sql`CREATE TRIGGER member_notes_no_delete BEFORE DELETE ON member_notes
      WHEN NOT EXISTS (SELECT 1 FROM member_removals WHERE member_id = OLD.member_id)
      BEGIN SELECT RAISE(ABORT, '${sql.raw(MESSAGE)}'); END`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('member_notes').execute();
    if (dialectOf(db) === 'postgres') {
      await sql`DROP FUNCTION member_notes_append_only()`.execute(db);
      await sql`DROP FUNCTION member_notes_delete_guard()`.execute(db);
    }
  },
};
