import type { Db } from '../../db/schema';
import { verifyTokenMatches, webhookSigned } from '../../adapters/whatsapp-signature';
import { nowOf } from '../service-deps';
import { WhatsappDomainError } from './errors';
import { enqueueDelivery, workDueDeliveries, type InboxDeps, type InboxReport } from './inbox';
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

/** Stands for the member lookup until a number is matched to a member; null: nobody's. */
const nobody = async (_db: Db, _waId: string): Promise<number | null> => null;

/** The inbox job's run: every due delivery worked through. */
export function workInbox(deps: InboxDeps, _actor: Actor): Promise<InboxReport> {
  return workDueDeliveries(deps, nobody, async () => {});
}

/** The daily job's run: what is past its 90 days goes. */
export function pruneConversations(deps: InboxDeps, _actor: Actor): Promise<{ messages: number }> {
  return pruneChannel(deps.db, nowOf(deps));
}
