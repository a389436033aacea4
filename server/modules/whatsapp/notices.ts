import type { WhatsappContent } from '../../adapters/whatsapp-graph';
import type { Db } from '../../db/schema';
import { nowOf } from '../service-deps';
import type { InboxDeps } from './inbox';
import { waIdOf } from './members';
import { waIdsOf } from './conversation';
import { queueOutbound, withinWindow } from './outbox';
import type { WhatsappNoticeOutcome } from './tables';

/** Notices read per run: a run is a few queries, and the job runs every few seconds. */
const NOTICES_PER_RUN = 500;

export interface NoticeReport {
  read: number;
  message: number;
  template: number;
  appOnly: number;
}

/**
 * The notices module's WhatsApp channel, for members who accepted "Por SMS e WhatsApp" and have a verified celular:
 * each new notice (an approved or refused nota, a shipped reward, a transfer…) goes to the member's number as a
 * message while WhatsApp lets the club write freely (24 hours after the member's last message), or as the approved
 * template after them (WHATSAPP_NOTICE_TEMPLATE); with none, it stays in the app, where every notice is anyway.
 * The notices are read after they are committed, by a cursor: the review that caused one never waits on the channel,
 * and the notices from before the channel's first run are not sent.
 */
export async function sendNotices(deps: InboxDeps): Promise<NoticeReport> {
  const { db } = deps;
  const report: NoticeReport = { read: 0, message: 0, template: 0, appOnly: 0 };
  const cursor = await db
    .selectFrom('whatsapp_notice_cursor')
    .select('last_notification_id')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!cursor) {
    const last = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await db
      .insertInto('whatsapp_notice_cursor')
      .values({ id: 1, last_notification_id: Number(last?.id ?? 0) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return report;
  }
  // The new notices by their key, then their members by theirs: a join let the planner walk the whole users table.
  const notices = await db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'title', 'body', 'url'])
    .where('id', '>', cursor.last_notification_id)
    .orderBy('id')
    .limit(NOTICES_PER_RUN)
    .execute();
  const memberIds = [...new Set(notices.map((n) => n.user_id))];
  const members = new Map(
    memberIds.length === 0
      ? []
      : (
          await db
            .selectFrom('users')
            .select(['id', 'phone_number', 'phone_verified_at', 'accept_message_comunications', 'disabled_at'])
            .where('id', 'in', memberIds)
            .execute()
        ).map((member) => [member.id, member]),
  );
  for (const notice of notices) {
    report.read += 1;
    const member = members.get(notice.user_id);
    const phone = member?.phone_number;
    if (!phone || !member.phone_verified_at || !member.accept_message_comunications || member.disabled_at) continue;
    const outcome = await db.transaction().execute((trx) => sendNotice(trx, deps, notice, phone));
    if (outcome === 'message') report.message += 1;
    else if (outcome === 'template') report.template += 1;
    else if (outcome === 'app-only') report.appOnly += 1;
  }
  const last = notices.at(-1);
  if (last) {
    await db
      .updateTable('whatsapp_notice_cursor')
      .set({ last_notification_id: last.id })
      .where('id', '=', 1)
      .where('last_notification_id', '<', last.id)
      .execute();
  }
  return report;
}

interface NoticeRow {
  id: number;
  user_id: number;
  title: string;
  body: string;
  url: string;
}

/** One notice to one member, once (the row's primary key); what became of it, or null when it had gone already. */
async function sendNotice(
  trx: Db,
  deps: InboxDeps,
  notice: NoticeRow,
  phone: string,
): Promise<WhatsappNoticeOutcome | null> {
  const now = nowOf(deps);
  const claimed = await trx
    .insertInto('whatsapp_notices')
    .values({
      notification_id: notice.id,
      user_id: notice.user_id,
      message_id: null,
      outcome: 'app-only',
      at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('notification_id').doNothing())
    .returning('notification_id')
    .executeTakeFirst();
  if (!claimed) return null;
  // The member's last message, from either form of the number: the answer goes to the form WhatsApp wrote from.
  const last = await trx
    .selectFrom('whatsapp_messages')
    .select(['wa_id', 'created_at'])
    .where('wa_id', 'in', waIdsOf(phone))
    .where('direction', '=', 'in')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const link = `${deps.config.publicUrl}${notice.url}`;
  const template = deps.config.whatsapp.noticeTemplate;
  let content: WhatsappContent | null = null;
  let outcome: WhatsappNoticeOutcome = 'app-only';
  if (withinWindow(last?.created_at ?? null, now)) {
    content = { type: 'text', text: `${notice.title}\n${notice.body}\n${link}` };
    outcome = 'message';
  } else if (template) {
    content = {
      type: 'template',
      name: template.name,
      language: template.language,
      parameters: [notice.title, notice.body],
    };
    outcome = 'template';
  }
  if (!content) return outcome;
  const messageId = await queueOutbound(
    trx,
    deps,
    { waId: last?.wa_id ?? waIdOf(phone), userId: notice.user_id },
    content,
  );
  await trx
    .updateTable('whatsapp_notices')
    .set({ message_id: messageId, outcome })
    .where('notification_id', '=', notice.id)
    .execute();
  return outcome;
}
