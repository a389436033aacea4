import type { Db } from '../../db/schema';
import type { ServiceDeps } from '../service-deps';
import { nowOf } from '../service-deps';
import { claimDue, releaseForRetry } from './lease';
import { inboundMessage, mediaOf, statusUpdate, textOf, webhookBody, type InboundMessage } from './payload';
import type { WhatsappMessagesTable } from './tables';

export type InboxDeps = ServiceDeps<'db' | 'config'>;

/** A member's message as stored, handed to what answers it, in the transaction that stored it. */
export type StoredInbound = Pick<WhatsappMessagesTable, 'wa_id' | 'kind' | 'body' | 'media_id'> & {
  readonly id: number;
  readonly message: InboundMessage;
  readonly userId: number | null;
  /** False past the number's rate limit: the message is kept for support, and not answered. */
  readonly admitted: boolean;
};

/** Who reads the inbox: finds the member of a number, counts the number's messages, and answers. */
export interface InboxReader {
  identify(db: Db, waId: string): Promise<number | null>;
  /** Counted before the transaction (the limits have their own connection). */
  admit(waId: string): Promise<boolean>;
  /** Answers one new message (queues replies, hands media on), in the transaction that stored it. */
  answer(trx: Db, deps: InboxDeps, inbound: StoredInbound): Promise<void>;
}

/** Writes a signed delivery into the queue; the 200 goes back to Meta as soon as this is committed. */
export async function enqueueDelivery(deps: InboxDeps, body: string): Promise<void> {
  const at = nowOf(deps).toISOString();
  await deps.db
    .insertInto('whatsapp_deliveries')
    .values({
      body,
      received_at: at,
      next_attempt_at: at,
      claimed_by: null,
      claimed_until: null,
      done_at: null,
      last_error: null,
    })
    .execute();
}

export interface InboxReport {
  deliveries: number;
  messages: number;
  redelivered: number;
  statuses: number;
}

/**
 * Works through the due deliveries. Each inbound message is stored under its wamid and answered in one transaction:
 * a redelivery (Meta retries a slow answer) finds the wamid and does nothing; a crash before the commit leaves the
 * delivery due, and the next run does it all.
 */
export async function workDueDeliveries(deps: InboxDeps, reader: InboxReader): Promise<InboxReport> {
  const report: InboxReport = { deliveries: 0, messages: 0, redelivered: 0, statuses: 0 };
  const { db } = deps;
  const { claimer, ids } = await claimDue(db, 'whatsapp_deliveries', nowOf(deps));
  if (ids.length === 0) return report;
  const rows = await db
    .selectFrom('whatsapp_deliveries')
    .select(['id', 'body', 'attempts'])
    .where('id', 'in', ids)
    .where('claimed_by', '=', claimer)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    try {
      await workOn(deps, row.body, reader, report);
    } catch (error) {
      await releaseForRetry(db, 'whatsapp_deliveries', row, (error as Error).message, nowOf(deps));
      continue;
    }
    report.deliveries += 1;
    // Done: the raw body (numbers, texts) goes, the messages table keeps what support needs.
    await db
      .updateTable('whatsapp_deliveries')
      .set({
        body: '',
        done_at: nowOf(deps).toISOString(),
        next_attempt_at: null,
        claimed_by: null,
        claimed_until: null,
      })
      .where('id', '=', row.id)
      .execute();
  }
  return report;
}

async function workOn(deps: InboxDeps, body: string, reader: InboxReader, report: InboxReport): Promise<void> {
  const parsed = webhookBody.safeParse(JSON.parse(body));
  // Signed by Meta but of another kind (another field, another product): nothing for the club to do.
  if (!parsed.success) return;
  const ownNumber = deps.config.whatsapp.graph?.phoneNumberId;
  for (const change of parsed.data.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== 'messages') continue;
    // Another number of the same Meta app: not the club's conversation.
    const number = change.value.metadata?.phone_number_id;
    if (ownNumber && number && number !== ownNumber) continue;
    for (const raw of change.value.statuses ?? []) {
      const status = statusUpdate.safeParse(raw);
      if (!status.success) continue;
      const error = status.data.errors?.[0];
      const stored = await deps.db
        .insertInto('whatsapp_statuses')
        .values({
          wamid: status.data.id,
          status: status.data.status,
          at: status.data.timestamp,
          error: error ? `${error.code ?? ''} ${error.title ?? ''}`.trim().slice(0, 300) : null,
          received_at: nowOf(deps).toISOString(),
        })
        .onConflict((oc) => oc.columns(['wamid', 'status']).doNothing())
        .returning('wamid')
        .executeTakeFirst();
      if (stored) report.statuses += 1;
    }
    for (const raw of change.value.messages ?? []) {
      const message = inboundMessage.safeParse(raw);
      if (!message.success) continue;
      const admitted = await reader.admit(message.data.from);
      const fresh = await deps.db.transaction().execute(async (trx) => {
        const userId = await reader.identify(trx, message.data.from);
        const media = mediaOf(message.data);
        const inserted = await trx
          .insertInto('whatsapp_messages')
          .values({
            wamid: message.data.id,
            direction: 'in',
            wa_id: message.data.from,
            user_id: userId,
            kind: message.data.type,
            body: textOf(message.data),
            media_id: media?.id ?? null,
            created_at: message.data.timestamp,
            send_state: null,
            next_attempt_at: null,
            claimed_by: null,
            claimed_until: null,
            last_error: null,
          })
          .onConflict((oc) => oc.column('wamid').doNothing())
          .returning(['id', 'wa_id', 'kind', 'body', 'media_id'])
          .executeTakeFirst();
        if (!inserted) return false;
        await reader.answer(trx, deps, { ...inserted, message: message.data, userId, admitted });
        return true;
      });
      if (fresh) report.messages += 1;
      else report.redelivered += 1;
    }
  }
}

/** Statuses in the order a message goes through them; one that came late never takes a later one back. */
const STATUS_ORDER = ['sent', 'delivered', 'read'] as const;

/** Where a message of the club's stands from the statuses received, in whatever order they came. */
export function standing(statuses: readonly string[]): string | null {
  if (statuses.includes('failed')) return 'failed';
  for (const status of [...STATUS_ORDER].reverse()) if (statuses.includes(status)) return status;
  return null;
}
