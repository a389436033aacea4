import type { WhatsappContent } from '../../adapters/whatsapp-graph';
import type { Db } from '../../db/schema';
import { nowOf } from '../service-deps';
import type { LimiterFactory } from '../../limits/limiter-factory';
import { answerCommand, commandOf, menuReply, switchedOffReply, unknownNumberReply } from './answers';
import { WhatsappDomainError } from './errors';
import type { InboxDeps, InboxReader, StoredInbound } from './inbox';
import { accessKeyIn, giveKey, holdMedia, MEDIA_REPLIES } from './media-invoices';
import { openHandover, openHandoverOf } from './handover';
import { memberOfWaId } from './members';
import { queueMessage } from './outbox';

/** Messages one number may send in ten minutes and be answered; past it they are kept, unanswered. */
export const MESSAGES_PER_NUMBER = 20;
const WINDOW_MS = 10 * 60 * 1000;

export const HANDOVER_REPLY =
  'Certo! Um atendente do Clube vai continuar a conversa por aqui, de segunda a sexta, das 8h às 18h.';

/**
 * The bot's answer to one message: who wrote, whether their channel is on, and what they asked. A nota's file, or
 * the key of one waiting, is answered later by the media job, once for the whole nota (null here).
 */
async function reply(trx: Db, deps: InboxDeps, inbound: StoredInbound): Promise<WhatsappContent | null> {
  if (inbound.userId === null) return unknownNumberReply(deps);
  const member = await trx
    .selectFrom('users')
    .select(['name', 'chatbot_invoice_upload_enabled'])
    .where('id', '=', inbound.userId)
    .executeTakeFirstOrThrow();
  if (member.chatbot_invoice_upload_enabled !== 1) return switchedOffReply(deps, member.name);
  if (inbound.message.type === 'image' || inbound.message.type === 'document') {
    await holdMedia(trx, deps, inbound, inbound.userId);
    return null;
  }
  const key = accessKeyIn(inbound.body);
  if (key)
    return (await giveKey(trx, deps, inbound.userId, key)) ? null : { type: 'text', text: MEDIA_REPLIES.keyAlone };
  const command = commandOf(inbound.message.interactive?.button_reply?.id ?? inbound.body);
  if (command === 'atendente') {
    await openHandover(trx, inbound.userId, nowOf(deps));
    return { type: 'text', text: HANDOVER_REPLY };
  }
  if (command) return answerCommand({ ...deps, db: trx, userId: inbound.userId }, command);
  // A person has the conversation: what the member writes is for them.
  if (await openHandoverOf(trx, inbound.userId)) return null;
  return menuReply;
}

export function channelBot(limiters: LimiterFactory): InboxReader {
  const perNumber = limiters({ name: 'whatsapp-number', max: MESSAGES_PER_NUMBER, windowMs: WINDOW_MS });
  return {
    identify: memberOfWaId,
    admit: async (waId) => (await perNumber.take(waId)).allowed,
    async answer(trx, deps, inbound) {
      if (!inbound.admitted) return;
      try {
        const content = await reply(trx, deps, inbound);
        if (content) await queueMessage(trx, deps, { waId: inbound.wa_id, userId: inbound.userId }, content);
      } catch (error) {
        // A message Meta delivers more than a day late: too late for a free-form answer; it is kept for support.
        if (!(error instanceof WhatsappDomainError && error.code === 'FORA_DA_JANELA')) throw error;
      }
    },
  };
}
