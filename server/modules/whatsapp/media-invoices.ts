import { Readable } from 'node:stream';
import { formatPoints } from '../../../common/format/numbers';
import { MAX_FILES_PER_INVOICE } from '../../../common/invoices/file-type';
import { WhatsappMediaRefused, type WhatsappGraph, type WhatsappMediaProblem } from '../../adapters/whatsapp-graph';
import type { Db } from '../../db/schema';
import { isApiError } from '../../errors/api-errors';
import { submitInvoice, type InvoiceSendDeps } from '../invoices';
import { nowOf } from '../service-deps';
import { WhatsappDomainError } from './errors';
import type { InboxDeps, StoredInbound } from './inbox';
import { claimDue, releaseForRetry } from './lease';
import { queueMessage } from './outbox';
import { mediaOf } from './payload';
import type { WhatsappMediaTable } from './tables';

/**
 * A nota sent to the club's number: its photos (several pages come as several messages), its PDF or its NF-e XML.
 * Each file waits GROUP_WINDOW_MS for the next one of the same nota; once none came, the files of that wait become
 * one invoice through the app's own path (the same checks, duplicates, risk rules and XML trust), and the member is
 * answered once. A photo needs its access key: in a caption or in a message after it, for which the bot asks.
 */
export const GROUP_WINDOW_MS = 20_000;

export const MEDIA_REPLIES = {
  askKey:
    'Recebi a nota. Agora mande a chave de acesso dela: os 44 números que ficam perto do código de barras, com ou sem espaços.',
  keyAlone: 'Recebi a chave. Para registrar a nota, mande também a foto, o PDF ou o XML dela.',
  tooBig: 'O arquivo tem mais de 10 MB. Mande uma foto menor da nota, o PDF ou o XML.',
  altered: 'O arquivo chegou incompleto. Mande a nota de novo, por favor.',
  missing: 'Não consegui baixar o arquivo. Mande a nota de novo, por favor.',
  tooManyFiles: (used: number) => `Uma nota pode ter até ${used} arquivos: usei os ${used} primeiros.`,
  inReview: (number: number) =>
    `Nota ${number} recebida! Ela está em análise: você recebe um aviso no app quando for aprovada.`,
  approved: (number: number, points: number) => `Nota ${number} aprovada: +${formatPoints(points)} pontos.`,
  refused: (message: string) => `Não consegui registrar a nota: ${message}`,
} as const;

const PROBLEM_REPLIES: Record<WhatsappMediaProblem, string> = {
  'too-big': MEDIA_REPLIES.tooBig,
  altered: MEDIA_REPLIES.altered,
  missing: MEDIA_REPLIES.missing,
};

/**
 * An access key written in a message, spaces, dots and dashes between its groups allowed: 44 characters, digits but
 * for the issuer's CNPJ, which may be alphanumeric (from 2026). The invoice path checks it as it checks a typed one.
 */
export function accessKeyIn(text: string): string | null {
  const match = text
    .toUpperCase()
    .replace(/[\s.\-/]/g, '')
    .match(/(?<!\d)\d{6}[0-9A-Z]{12}\d{26}(?!\d)/);
  return match ? match[0] : null;
}

const isXml = (row: Pick<WhatsappMediaTable, 'mime_type' | 'file_name'>) =>
  /xml/i.test(row.mime_type ?? '') || /\.xml$/i.test(row.file_name ?? '');

/**
 * A member's photo or document, in the transaction that stored its message: kept to wait for the rest of its nota.
 * Every file of the member still waiting waits the window again, so a nota's pages go together.
 */
export async function holdMedia(trx: Db, deps: InboxDeps, inbound: StoredInbound, userId: number): Promise<void> {
  const media = mediaOf(inbound.message);
  if (!media) return;
  const now = nowOf(deps);
  const due = new Date(now.getTime() + GROUP_WINDOW_MS).toISOString();
  await trx
    .updateTable('whatsapp_media')
    .set({ next_attempt_at: due })
    .where('user_id', '=', userId)
    .where('state', '=', 'waiting')
    .execute();
  await trx
    .insertInto('whatsapp_media')
    .values({
      message_id: inbound.id,
      user_id: userId,
      wa_id: inbound.wa_id,
      media_id: media.id,
      mime_type: media.mime_type ?? null,
      file_name: media.filename ?? null,
      access_key: accessKeyIn(media.caption ?? ''),
      state: 'waiting',
      invoice_id: null,
      received_at: now.toISOString(),
      next_attempt_at: due,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
    })
    .execute();
}

/**
 * A message with an access key: the key of the member's files that wait without one, which then go at once.
 * Answers whether any file took it.
 */
export async function giveKey(trx: Db, deps: InboxDeps, userId: number, key: string): Promise<boolean> {
  const taken = await trx
    .updateTable('whatsapp_media')
    .set({ access_key: key, state: 'waiting', next_attempt_at: nowOf(deps).toISOString() })
    .where('user_id', '=', userId)
    .where('state', 'in', ['waiting', 'needs_key'])
    .where('access_key', 'is', null)
    .returning('id')
    .execute();
  return taken.length > 0;
}

/** What the media job needs: the invoice path's own deps (without a member: each group names its own). */
export type MediaDeps = InboxDeps & Omit<InvoiceSendDeps, 'userId'>;

type MediaRow = Pick<
  WhatsappMediaTable,
  'user_id' | 'wa_id' | 'media_id' | 'mime_type' | 'file_name' | 'access_key'
> & {
  id: number;
  attempts: number;
};

export interface MediaReport {
  invoices: number;
  askedForKey: number;
  refused: number;
  retried: number;
}

/** The files' new state and the member's answer, in one transaction. */
async function answer(
  deps: MediaDeps,
  row: MediaRow,
  text: string,
  update: (trx: Db) => Promise<unknown>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await update(trx);
    try {
      await queueMessage(trx, deps, { waId: row.wa_id, userId: row.user_id }, { type: 'text', text });
    } catch (error) {
      // Past the 24-hour window nothing may be written to the member; the invoice or refusal stands all the same.
      if (!(error instanceof WhatsappDomainError && error.code === 'FORA_DA_JANELA')) throw error;
    }
  });
}

const settle = (db: Db, rows: readonly MediaRow[], state: 'done' | 'refused' | 'needs_key', invoiceId?: number) =>
  db
    .updateTable('whatsapp_media')
    .set({ state, invoice_id: invoiceId ?? null, next_attempt_at: null, claimed_by: null, claimed_until: null })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();

/** One member's files of one nota: one invoice, or the question for the key, or the reason it cannot be. */
async function takeGroup(
  deps: MediaDeps,
  source: Pick<WhatsappGraph, 'media'>,
  group: readonly MediaRow[],
  report: MediaReport,
): Promise<void> {
  const first = group[0]!;
  const key = group.find((row) => row.access_key)?.access_key ?? null;
  if (!key && !group.some(isXml)) {
    await answer(deps, first, MEDIA_REPLIES.askKey, (trx) => settle(trx, group, 'needs_key'));
    report.askedForKey += 1;
    return;
  }
  const used = group.slice(0, MAX_FILES_PER_INVOICE);
  let files: { bytes: Buffer; name: string }[];
  try {
    files = [];
    for (const [index, row] of used.entries()) {
      const { bytes } = await source.media(row.media_id);
      files.push({ bytes, name: row.file_name ?? `whatsapp-${index + 1}` });
    }
  } catch (error) {
    if (!(error instanceof WhatsappMediaRefused)) throw error;
    await answer(deps, first, PROBLEM_REPLIES[error.problem], (trx) => settle(trx, group, 'refused'));
    report.refused += 1;
    return;
  }
  const uploads = files.map(({ bytes, name }) =>
    Promise.resolve({
      filename: name,
      mimetype: 'application/octet-stream',
      createReadStream: () => Readable.from(bytes),
    }),
  );
  let text: string;
  try {
    // The first file's row names the attempt: a run that dies after the invoice is made finds it again.
    const invoice = await submitInvoice(
      { ...deps, userId: first.user_id },
      { accessKey: key, idempotencyKey: `whatsapp-media-${first.id}`, files: uploads, channel: 'whatsapp' },
    );
    text =
      invoice.status === 'APPROVED' && invoice.points !== null
        ? MEDIA_REPLIES.approved(invoice.number, invoice.points)
        : MEDIA_REPLIES.inReview(invoice.number);
    if (group.length > used.length) text = `${text} ${MEDIA_REPLIES.tooManyFiles(used.length)}`;
    await answer(deps, first, text, async (trx) => {
      await settle(trx, used, 'done', Number(invoice.id));
      if (group.length > used.length) await settle(trx, group.slice(used.length), 'refused');
    });
    report.invoices += 1;
  } catch (error) {
    // The app's own refusals (a bad key, a duplicate, a file that is not a nota, too many sends) are the member's.
    if (!isApiError(error) || error.extensions.code === 'INTERNAL') throw error;
    await answer(deps, first, MEDIA_REPLIES.refused(error.message), (trx) => settle(trx, group, 'refused'));
    report.refused += 1;
  }
}

/** The media job's run: every member's files whose wait is over. */
export async function takeDueMedia(deps: MediaDeps, source: Pick<WhatsappGraph, 'media'>): Promise<MediaReport> {
  const report: MediaReport = { invoices: 0, askedForKey: 0, refused: 0, retried: 0 };
  const { claimer, ids } = await claimDue(deps.db, 'whatsapp_media', nowOf(deps));
  if (ids.length === 0) return report;
  const rows = await deps.db
    .selectFrom('whatsapp_media')
    .select(['id', 'user_id', 'wa_id', 'media_id', 'mime_type', 'file_name', 'access_key', 'attempts'])
    .where('id', 'in', ids)
    .where('claimed_by', '=', claimer)
    .where('state', '=', 'waiting')
    .orderBy('id')
    .execute();
  const byMember = new Map<number, MediaRow[]>();
  for (const row of rows) byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row]);
  for (const group of byMember.values()) {
    try {
      await takeGroup(deps, source, group, report);
    } catch (error) {
      for (const row of group)
        await releaseForRetry(deps.db, 'whatsapp_media', row, (error as Error).message, nowOf(deps));
      report.retried += 1;
    }
  }
  return report;
}
