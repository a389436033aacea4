import { httpWhatsappGraph, type WhatsappGraph } from '../../adapters/whatsapp-graph';
import { verifyTokenMatches, webhookSigned } from '../../adapters/whatsapp-signature';
import type { LimiterFactory } from '../../limits/limiter-factory';
import type { ServiceDeps } from '../service-deps';
import { getCurrentMember, requireMember, updateUser } from '../users';
import { channelBot } from './bot';
import { conversationWith, waIdsOf, type ConversationLine } from './conversation';
import { nowOf } from '../service-deps';
import { WhatsappDomainError } from './errors';
import { localMediaSource } from './local-media';
import { takeDueMedia, type MediaDeps, type MediaReport } from './media-invoices';
import { enqueueDelivery, workDueDeliveries, type InboxDeps, type InboxReport } from './inbox';
import { sendNotices, type NoticeReport } from './notices';
import { sendQueued, type SendReport } from './outbox';
import { pruneChannel } from './retention';

/** Who acts: the channel's use cases take one, as every module's will (a member, a staff user, a terminal, a job). */
export interface Actor {
  readonly kind: 'member' | 'staff' | 'terminal' | 'system';
  readonly id: string | number;
}

/** Meta, through its signed webhook, and the channel's jobs. */
export const channelActor: Actor = { kind: 'system', id: 'whatsapp' };

/** Meta's subscription check: the challenge to send back when the token is the club's. */
export function verifySubscription(
  deps: Pick<InboxDeps, 'config'>,
  _actor: Actor,
  query: { mode: unknown; token: unknown; challenge: unknown },
): string {
  const challenge = query.challenge;
  if (
    query.mode !== 'subscribe' ||
    !verifyTokenMatches(deps.config.whatsapp.verifyToken, query.token) ||
    typeof challenge !== 'string' ||
    !/^[\x21-\x7e]{1,200}$/.test(challenge)
  ) {
    throw new WhatsappDomainError('VERIFICACAO_RECUSADA');
  }
  return challenge;
}

/**
 * A webhook delivery: only one Meta signed over exactly these bytes is kept, as it came, in the durable queue; the
 * work is done by the inbox job, so Meta gets its 200 at once and a restart loses nothing.
 */
export async function acceptDelivery(
  deps: InboxDeps,
  _actor: Actor,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const secret = deps.config.whatsapp.appSecret;
  if (!secret) throw new WhatsappDomainError('CANAL_NAO_CONFIGURADO');
  if (!webhookSigned(secret, rawBody, signature)) throw new WhatsappDomainError('ASSINATURA_INVALIDA');
  const text = rawBody.toString('utf8');
  try {
    JSON.parse(text);
  } catch {
    throw new WhatsappDomainError('CORPO_FORA_DO_CONTRATO');
  }
  await enqueueDelivery(deps, text);
}

/** What the jobs need besides the database and the clock: the club's limits (each number's rate). */
export type ChannelDeps = InboxDeps & { readonly limiters: LimiterFactory };

/** The inbox job's run: every due delivery worked through, each new message answered. */
export function workInbox(deps: ChannelDeps, _actor: Actor): Promise<InboxReport> {
  return workDueDeliveries(deps, channelBot(deps.limiters));
}

/** The send job's run: the club's queued messages to Meta. Embedded, nothing is queued (they are kept as `local`). */
export function sendOutbox(deps: InboxDeps, _actor: Actor, graph?: WhatsappGraph): Promise<SendReport> {
  const settings = deps.config.whatsapp.graph;
  const client = graph ?? (settings ? httpWhatsappGraph(settings, deps.config.outbound) : null);
  return client ? sendQueued(deps, client) : Promise.resolve({ sent: 0, retried: 0, failed: 0 });
}

/** The notices job's run: the club's new notices to the members who accepted them on WhatsApp (notices.ts). */
export function sendWhatsappNotices(deps: InboxDeps, _actor: Actor): Promise<NoticeReport> {
  return sendNotices(deps);
}

/**
 * The media job's run: members' notas whose files stopped coming become invoices. With a real number the files come
 * from Meta's Graph API; embedded, from what `npm run whatsapp -- enviar --arquivo` kept in DATA_DIR.
 */
export function takeMedia(deps: MediaDeps, _actor: Actor, source?: Pick<WhatsappGraph, 'media'>): Promise<MediaReport> {
  const settings = deps.config.whatsapp.graph;
  const files =
    source ?? (settings ? httpWhatsappGraph(settings, deps.config.outbound) : localMediaSource(deps.config.dataDir));
  return takeDueMedia(deps, files);
}

/** The daily job's run: what is past its 90 days goes. */
export function pruneConversations(deps: InboxDeps, _actor: Actor): Promise<{ messages: number }> {
  return pruneChannel(deps.db, nowOf(deps));
}

/** The member's own switch (/perfil): the channel answers their number only while it is on. */
export async function setOwnChannel(deps: ServiceDeps<'db' | 'config' | 'userId'>, on: boolean) {
  const member = await requireMember(deps.db, deps.userId);
  await updateUser(deps.db, member.id, { chatbot_invoice_upload_enabled: on ? 1 : 0 }, nowOf(deps));
  return getCurrentMember(deps);
}

/** A number's conversation (the terminal's `conversa`, support): both forms of the number, oldest first. */
export function readConversation(deps: InboxDeps, _actor: Actor, phone: string): Promise<ConversationLine[]> {
  return conversationWith(deps.db, waIdsOf(phone));
}
