import type { Db } from '../../db/schema';
import { lastLogoutAt } from '../auth';
import type { HandoverEnd } from './tables';

/**
 * "atendente": the member's conversation goes to a person (atendimento, in the painel's member page). While it is
 * open the bot answers only commands and notas, and leaves the rest for the person. It ends when staff end it, or
 * when the member leaves the app: a logout closes it by its date, read here, so the app's logout needs nothing of
 * this module and cannot fail because of it.
 */
export interface OpenHandover {
  readonly id: number;
  readonly openedAt: string;
}

/** The member's open handover, closing it first when the member left the app since it opened. */
export async function openHandoverOf(db: Db, userId: number): Promise<OpenHandover | null> {
  const row = await db
    .selectFrom('whatsapp_handovers')
    .select(['id', 'opened_at'])
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const loggedOut = await lastLogoutAt(db, userId);
  if (loggedOut !== null && loggedOut >= row.opened_at) {
    await closeHandover(db, userId, loggedOut, 'logout');
    return null;
  }
  return { id: row.id, openedAt: row.opened_at };
}

/** Hands the conversation to a person, unless it already is. */
export async function openHandover(db: Db, userId: number, at: Date): Promise<void> {
  if (await openHandoverOf(db, userId)) return;
  await db
    .insertInto('whatsapp_handovers')
    .values({ user_id: userId, opened_at: at.toISOString(), closed_at: null, closed_reason: null })
    .execute();
}

/** Ends the member's open handover; whether there was one. */
export async function closeHandover(db: Db, userId: number, at: string, reason: HandoverEnd): Promise<boolean> {
  const closed = await db
    .updateTable('whatsapp_handovers')
    .set({ closed_at: at, closed_reason: reason })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .returning('id')
    .execute();
  return closed.length > 0;
}
