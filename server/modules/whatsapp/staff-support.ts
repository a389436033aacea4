import type { StaffActor } from '../../graphql/staff-access';
import type { Db } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../staff';
import { nowOf } from '../service-deps';
import { waIdsOf, conversationWith, type ConversationLine } from './conversation';
import { WhatsappDomainError } from './errors';
import { closeHandover, openHandoverOf } from './handover';
import type { InboxDeps } from './inbox';
import { FREE_FORM_WINDOW_MS, queueMessage } from './outbox';

/**
 * Atendimento's side of a member's WhatsApp (the painel's member page): the conversation with the member's verified
 * celular, an answer written by a person within WhatsApp's 24-hour window, and the end of a handover. Each answer and
 * each end is a line of the audit.
 */

export const REPLY_MAX = 1000;

export const SUPPORT_MESSAGES = {
  noPhone: 'Este membro não tem celular confirmado: não há conversa no WhatsApp.',
  noConversation: 'O membro ainda não escreveu ao WhatsApp do clube: só ele pode começar a conversa.',
  empty: 'Escreva a resposta.',
  tooLong: `A resposta tem no máximo ${REPLY_MAX} caracteres.`,
  ended: 'O atendimento terminou. Se precisar, escreva atendente de novo, ou ajuda para ver as opções.',
} as const;

export interface SupportConversation {
  /** A person has the conversation ("atendente"), since when. */
  readonly handedOverAt: string | null;
  /** Until when a person may write (24 hours after the member's last message); null: the window is closed. */
  readonly canReplyUntil: string | null;
  readonly lines: ConversationLine[];
}

interface Member {
  readonly id: number;
  readonly name: string;
  readonly waIds: readonly string[];
}

async function memberOf(db: Db, memberId: number): Promise<Member> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'phone_number', 'phone_verified_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Membro não encontrado.');
  const waIds = row.phone_number && row.phone_verified_at ? waIdsOf(row.phone_number) : [];
  return { id: row.id, name: row.name, waIds };
}

async function lastInbound(db: Db, waIds: readonly string[]) {
  if (waIds.length === 0) return undefined;
  return db
    .selectFrom('whatsapp_messages')
    .select(['wa_id', 'created_at'])
    .where('wa_id', 'in', waIds)
    .where('direction', '=', 'in')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function supportConversation(deps: InboxDeps, memberId: number): Promise<SupportConversation> {
  const member = await memberOf(deps.db, memberId);
  const [lines, last, handover] = await Promise.all([
    conversationWith(deps.db, member.waIds),
    lastInbound(deps.db, member.waIds),
    openHandoverOf(deps.db, member.id),
  ]);
  const until = last ? Date.parse(last.created_at) + FREE_FORM_WINDOW_MS : 0;
  return {
    handedOverAt: handover?.openedAt ?? null,
    canReplyUntil: until > nowOf(deps).getTime() ? new Date(until).toISOString() : null,
    lines,
  };
}

const audited = (member: Member) => ({ type: 'membro', id: member.id, label: member.name });

/** A person's answer to the member, sent as the bot's are, within the window. */
export async function replyAsStaff(
  deps: InboxDeps,
  actor: StaffActor,
  memberId: number,
  text: string,
): Promise<SupportConversation> {
  const reply = text.trim();
  if (reply === '') throw new DomainError('BAD_USER_INPUT', SUPPORT_MESSAGES.empty, 'text');
  if (reply.length > REPLY_MAX) throw new DomainError('BAD_USER_INPUT', SUPPORT_MESSAGES.tooLong, 'text');
  const member = await memberOf(deps.db, memberId);
  if (member.waIds.length === 0) throw new DomainError('BAD_USER_INPUT', SUPPORT_MESSAGES.noPhone, 'text');
  const last = await lastInbound(deps.db, member.waIds);
  if (!last) throw new DomainError('BAD_USER_INPUT', SUPPORT_MESSAGES.noConversation, 'text');
  await deps.db.transaction().execute(async (trx) => {
    try {
      await queueMessage(trx, deps, { waId: last.wa_id, userId: member.id }, { type: 'text', text: reply });
    } catch (error) {
      if (error instanceof WhatsappDomainError && error.code === 'FORA_DA_JANELA')
        throw new DomainError('BAD_USER_INPUT', error.message, 'text');
      throw error;
    }
    await recordAudit(
      trx,
      actor,
      { action: 'whatsapp.reply', object: audited(member), after: { resposta: reply } },
      nowOf(deps),
    );
  });
  return supportConversation(deps, memberId);
}

/** Gives the conversation back to the bot, telling the member when the window still allows. */
export async function endHandoverAsStaff(
  deps: InboxDeps,
  actor: StaffActor,
  memberId: number,
): Promise<SupportConversation> {
  const member = await memberOf(deps.db, memberId);
  await deps.db.transaction().execute(async (trx) => {
    const now = nowOf(deps);
    if (!(await closeHandover(trx, member.id, now.toISOString(), 'staff'))) return;
    const last = await lastInbound(trx, member.waIds);
    if (last && now.getTime() - Date.parse(last.created_at) <= FREE_FORM_WINDOW_MS)
      await queueMessage(
        trx,
        deps,
        { waId: last.wa_id, userId: member.id },
        { type: 'text', text: SUPPORT_MESSAGES.ended },
      );
    await recordAudit(trx, actor, { action: 'whatsapp.end-handover', object: audited(member) }, now);
  });
  return supportConversation(deps, memberId);
}
