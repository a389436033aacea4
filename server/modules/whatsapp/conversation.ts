import type { WhatsappContent } from '../../adapters/whatsapp-graph';
import type { Db } from '../../db/schema';
import { standing } from './inbox';
import { localFormsOf } from './members';
import { contentOf } from './outbox';

export interface ConversationLine {
  readonly at: string;
  readonly direction: 'in' | 'out';
  readonly text: string;
  /** The club's messages: queued, sent, local (embedded), failed, or the furthest status Meta reported. */
  readonly state: string | null;
}

/** Every WhatsApp id a member's number may write from: with and without the ninth digit. */
export const waIdsOf = (localPhone: string): string[] =>
  localFormsOf(`55${localPhone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '')}`).map((local) => `55${local}`);

/** The last messages with a number (both its forms), oldest first, each of the club's with where it stands. */
export async function conversationWith(db: Db, waIds: readonly string[], limit = 50): Promise<ConversationLine[]> {
  if (waIds.length === 0) return [];
  const rows = await db
    .selectFrom('whatsapp_messages')
    .select(['id', 'wamid', 'direction', 'kind', 'body', 'created_at', 'send_state'])
    .where('wa_id', 'in', waIds)
    // In the order the club received and wrote them: a member's message carries WhatsApp's timestamp, whole seconds
    // of the phone's clock, which may fall before an answer the club wrote a moment earlier.
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const outbound = rows.filter((row) => row.direction === 'out').map((row) => row.wamid);
  const statuses =
    outbound.length === 0
      ? []
      : await db.selectFrom('whatsapp_statuses').select(['wamid', 'status']).where('wamid', 'in', outbound).execute();
  return rows.reverse().map((row) => {
    const reported = standing(statuses.filter((s) => s.wamid === row.wamid).map((s) => s.status));
    const content = row.direction === 'out' ? contentOf(row) : null;
    return {
      at: row.created_at,
      direction: row.direction,
      text: content ? contentText(content) : row.body || `(${row.kind})`,
      state: row.direction === 'out' ? (reported ?? row.send_state) : null,
    };
  });
}

/** What a message of the club's says, as a person reads it in the conversation. */
function contentText(content: WhatsappContent): string {
  if (content.type === 'text') return content.text;
  if (content.type === 'buttons') return `${content.text} [${content.buttons.map((b) => b.title).join('] [')}]`;
  return `(modelo ${content.name}) ${content.parameters.join(' — ')}`;
}
