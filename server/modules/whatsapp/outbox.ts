import { randomUUID } from 'node:crypto';
import { WhatsappGraphError, type WhatsappContent, type WhatsappGraph } from '../../adapters/whatsapp-graph';
import type { Db } from '../../db/schema';
import { nowOf } from '../service-deps';
import { WhatsappDomainError } from './errors';
import type { InboxDeps } from './inbox';
import { claimDue, releaseForRetry } from './lease';

/** WhatsApp lets a business answer freely only this long after the member's last message; after it, templates only. */
export const FREE_FORM_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When the member's last message came, or null. */
export async function lastInboundAt(db: Db, waId: string): Promise<string | null> {
  const row = await db
    .selectFrom('whatsapp_messages')
    .select('created_at')
    .where('wa_id', '=', waId)
    .where('direction', '=', 'in')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/**
 * Queues a free-form message to a number, in the caller's transaction: refused (FORA_DA_JANELA) unless the member
 * wrote within 24 hours. With a real number the send job sends it; embedded, it is kept as sent (`local`).
 */
export async function queueMessage(
  trx: Db,
  deps: InboxDeps,
  to: { waId: string; userId: number | null },
  content: WhatsappContent,
): Promise<number> {
  const last = await lastInboundAt(trx, to.waId);
  if (!withinWindow(last, nowOf(deps))) throw new WhatsappDomainError('FORA_DA_JANELA');
  return queueOutbound(trx, deps, to, content);
}

/** Whether a business may still write freely, the member's last message having come at `last`. */
export const withinWindow = (last: string | null, now: Date): boolean =>
  last !== null && now.getTime() - Date.parse(last) <= FREE_FORM_WINDOW_MS;

/**
 * Queues a message as it is, in the caller's transaction: the caller has checked the window (a template needs none).
 */
export async function queueOutbound(
  trx: Db,
  deps: InboxDeps,
  to: { waId: string; userId: number | null },
  content: WhatsappContent,
): Promise<number> {
  const now = nowOf(deps);
  const real = deps.config.whatsapp.graph !== undefined;
  const row = await trx
    .insertInto('whatsapp_messages')
    .values({
      // Meta's wamid replaces it once sent.
      wamid: `local.${randomUUID()}`,
      direction: 'out',
      wa_id: to.waId,
      user_id: to.userId,
      kind: content.type === 'text' ? 'text' : content.type === 'template' ? 'template' : 'interactive',
      body: content.type === 'text' ? content.text : JSON.stringify(content),
      media_id: null,
      created_at: now.toISOString(),
      send_state: real ? 'queued' : 'local',
      next_attempt_at: real ? now.toISOString() : null,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The content a stored message of the club's stands for. */
export function contentOf(row: { kind: string; body: string }): WhatsappContent {
  return row.kind === 'interactive' || row.kind === 'template'
    ? (JSON.parse(row.body) as WhatsappContent)
    : { type: 'text', text: row.body };
}

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Sends the queued messages of the club's: Meta's wamid replaces the local one, so its status callbacks find it. */
export async function sendQueued(deps: InboxDeps, graph: WhatsappGraph): Promise<SendReport> {
  const report: SendReport = { sent: 0, retried: 0, failed: 0 };
  const { db } = deps;
  const { claimer, ids } = await claimDue(db, 'whatsapp_messages', nowOf(deps));
  if (ids.length === 0) return report;
  const rows = await db
    .selectFrom('whatsapp_messages')
    .select(['id', 'wa_id', 'kind', 'body', 'attempts'])
    .where('id', 'in', ids)
    .where('claimed_by', '=', claimer)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const done = { claimed_by: null, claimed_until: null, next_attempt_at: null };
    try {
      const { wamid } = await graph.send(row.wa_id, contentOf(row));
      await db
        .updateTable('whatsapp_messages')
        .set({ ...done, wamid, send_state: 'sent', attempts: row.attempts + 1, last_error: null })
        .where('id', '=', row.id)
        .execute();
      report.sent += 1;
    } catch (error) {
      if (!(error instanceof WhatsappGraphError)) throw error;
      if (
        error.retryable &&
        (await releaseForRetry(db, 'whatsapp_messages', row, error.message, nowOf(deps))) === 'retry'
      ) {
        report.retried += 1;
        continue;
      }
      report.failed += 1;
      await db
        .updateTable('whatsapp_messages')
        .set({ ...done, send_state: 'failed', last_error: error.message.slice(0, 300) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return report;
}
