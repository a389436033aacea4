import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/schema';
import './tables';

/** The channel's queues: the webhook deliveries to work on, the club's messages to send, members' files to take. */
type Queue = 'whatsapp_deliveries' | 'whatsapp_messages' | 'whatsapp_media';

/** Rows one run takes; the rest wait for the next run, a few seconds later. */
const BATCH = 25;
/** A claim outlives a run; a process that died mid-run frees its rows after it. */
const LEASE_MS = 2 * 60 * 1000;
/** After this many failed tries a row is given up (it stays, with its last error, for support to read). */
export const MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = 15 * 1000;
const RETRY_MAX_MS = 60 * 60 * 1000;

/**
 * Claims the due rows of a queue: those with a next attempt in the past and no live claim. The job that calls this
 * runs in one process at a time (the scheduler's lock); the lease is for a process that dies holding rows.
 * The tables carry the same queue columns, so the first table's typing stands for all.
 */
export async function claimDue(db: Db, queue: Queue, now: Date): Promise<{ claimer: string; ids: number[] }> {
  const at = now.toISOString();
  const claimer = randomUUID();
  const table = queue as 'whatsapp_deliveries';
  const due = await db
    .selectFrom(table)
    .select('id')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  if (due.length === 0) return { claimer, ids: [] };
  const claimed = await db
    .updateTable(table)
    .set({ claimed_by: claimer, claimed_until: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .returning('id')
    .execute();
  return { claimer, ids: claimed.map((row) => row.id) };
}

/** A failed try: the row comes back later (15 s, 30 s, 1 min … up to an hour apart), or is given up. */
export async function releaseForRetry(
  db: Db,
  queue: Queue,
  row: { id: number; attempts: number },
  error: string,
  now: Date,
): Promise<'retry' | 'given-up'> {
  const attempts = row.attempts + 1;
  const giveUp = attempts >= MAX_ATTEMPTS;
  const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
  await db
    .updateTable(queue as 'whatsapp_deliveries')
    .set({
      attempts,
      next_attempt_at: giveUp ? null : new Date(now.getTime() + delay).toISOString(),
      claimed_by: null,
      claimed_until: null,
      last_error: error.slice(0, 300),
    })
    .where('id', '=', row.id)
    .execute();
  return giveUp ? 'given-up' : 'retry';
}
