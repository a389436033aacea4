// Support's internal notes on a member (atendimento, admin): written in the painel, read in the painel, never in
// the member's own API. Append-only (the table refuses UPDATE and DELETE): a correction is a new note. Each note is
// written in the transaction of its `staff_audit` line (`member.note`), so both land or neither.
import type { Db } from '../../db/schema';
import { badUserInput, notFound } from '../../errors/api-errors';
import type { StaffActor } from '../../graphql/staff-access';
import { INVALID_CHARACTERS_MESSAGE, isPlainText } from '../../../common/validation/plain-text';
import { cleanNote, noteProblem } from '../../../common/painel/member-notes';
import { findUserById } from '../users';
import { recordAudit } from '../staff';
import { nowOf, type OperatorDeps } from '../service-deps';
import { MEMBER_NOT_FOUND_MESSAGE } from './actions';
import { decodeIdCursor, encodeIdCursor, pageSizeOf } from './pages';
import { memberIdOf } from './support';

export const NOTES_PAGE_DEFAULT = 20;

export interface MemberNoteView {
  id: string;
  body: string;
  author: string;
  createdAt: string;
}

const viewOf = (row: { id: number; body: string; author_name: string; created_at: string }): MemberNoteView => ({
  id: String(row.id),
  body: row.body,
  author: row.author_name,
  createdAt: row.created_at,
});

async function memberOf(db: Db, id: string) {
  const user = await findUserById(db, memberIdOf(id));
  if (!user) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  return user;
}

/** Writes a note on the member with its audit line, and answers it as the list shows it. */
export async function addMemberNote(
  deps: OperatorDeps,
  actor: StaffActor,
  id: string,
  rawBody: string,
): Promise<MemberNoteView> {
  const problem = noteProblem(rawBody);
  if (problem) throw badUserInput(problem, { body: problem });
  const body = cleanNote(rawBody);
  if (!isPlainText(body)) throw badUserInput(INVALID_CHARACTERS_MESSAGE, { body: INVALID_CHARACTERS_MESSAGE });
  const user = await memberOf(deps.db, id);
  const now = nowOf(deps);
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('member_notes')
      .values({
        member_id: user.id,
        author_staff_id: actor.staffId,
        author_name: actor.name,
        body,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      {
        action: 'member.note',
        object: { type: 'member', id: user.id, label: `${user.name} ${user.sur_name}` },
        after: { note: body },
      },
      now,
    );
    return inserted;
  });
  return viewOf(row);
}

/** One page of the member's notes, newest first (keyset on id). */
export async function memberNotes(
  deps: OperatorDeps,
  id: string,
  args: { first?: number | null; after?: string | null },
): Promise<{ rows: MemberNoteView[]; nextCursor: string | null }> {
  const first = pageSizeOf(args.first, NOTES_PAGE_DEFAULT);
  const before = decodeIdCursor(args.after);
  const user = await memberOf(deps.db, id);
  let query = deps.db.selectFrom('member_notes').selectAll().where('member_id', '=', user.id);
  if (before !== null) query = query.where('id', '<', before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(first + 1)
    .execute();
  const page = rows.slice(0, first);
  return {
    rows: page.map(viewOf),
    nextCursor: rows.length > first ? encodeIdCursor(page.at(-1)!.id) : null,
  };
}
