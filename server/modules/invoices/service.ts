import { earningView, type InvoiceEarningView } from './earning-view';
import type { Readable } from 'node:stream';
import { parseId } from '../../graphql/ids';
import { z } from 'zod';
import { FILE_MESSAGES, MAX_FILES_PER_INVOICE, type InvoiceFileKind } from '../../../common/invoices/file-type';
import { parseNfeXml, type NfeData } from '../../../common/invoices/nfe-xml';
import { ACCESS_KEY_MESSAGES, parseAccessKey, type AccessKeyInfo } from '../../../common/validation/access-key';
import type { Db, InvoiceChannel, InvoiceRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/dialect';
import { badUserInput, notFound, tooManyRequests } from '../../errors/api-errors';
import { parseInput, topLevelField } from '../../errors/parse-input';
import { drainUploads, type FileUpload } from '../../uploads/file-upload';
import type { FileStorage } from '../../storage/file-storage';
import { discardStored, FileRejected, readStored, storeUpload, type StoredFile } from './storage';
import * as repo from './repository';
import { emailReceipt } from '../notifications';
import { requireMember } from '../users';
import { assessDeviceRisk } from '../device-sessions';
import type { ServiceDeps } from '../service-deps';
import { formatDate } from '../../../common/format/dates';
import { firstWords } from '../../../common/format/first-words';
import { REMINDER_REASON_MAX } from '../../../common/home/reminders';
import { autoReview, type ReceivedXml } from './review';
import { RESEND_NOTE, toView, toViews, type InvoiceView } from './views';
import { countBusiness } from '../../metrics/business';
import { receivedMail, receivedNoticeIn } from './receipts';

export const INVOICES_PAGE_DEFAULT = 10;
export const INVOICES_PAGE_MAX = 20;
/** XML files are read whole to be parsed; real NF-e XMLs are tens of kilobytes. */
const MAX_XML_PARSE_BYTES = 2 * 1024 * 1024;

/** `messenger` sends the receipt of an invoice that waited on the device: only the app's queue says one did. */
export type Deps = ServiceDeps<'db' | 'config' | 'storage' | 'userId' | 'uploadLimiter' | 'nfeTrust'> &
  Partial<ServiceDeps<'deviceSessionId' | 'messenger'>>;

export const INVOICE_MESSAGES = {
  sentByYou: (iso: string) =>
    `Você já enviou esta nota fiscal em ${formatDate(iso)}. Acompanhe o andamento na sua lista de notas.`,
  sentByOther: 'Esta nota fiscal já está cadastrada no clube e não pode ser enviada de novo.',
  keyMismatch: 'A chave de acesso digitada não é a mesma do XML enviado. Confira a chave ou o arquivo.',
  idempotencyReused: 'Este envio já foi usado para outra nota. Recarregue a página e tente de novo.',
  tooMany: 'Você enviou muitas notas em pouco tempo. Aguarde alguns minutos e tente de novo.',
  notRejected: 'Só é possível reenviar uma nota recusada.',
  cancelledBySefaz: 'A Sefaz informa que esta nota foi cancelada: ela não vale pontos e não pode ser reenviada.',
  notFound: 'Nota fiscal não encontrada.',
  xmlTooBig: 'O XML da nota é grande demais para ser lido. Envie o XML original da NF-e.',
} as const;

/** The id of the signed-in, enabled member (a disabled account's still-valid token stops here). */
const requireMemberId = async (deps: Deps): Promise<number> => (await requireMember(deps.db, deps.userId)).id;

async function ownInvoice(db: Db, userId: number, id: string): Promise<InvoiceRow> {
  const numeric = parseId(id);
  const invoice = numeric === null ? undefined : await repo.findOwnInvoice(db, userId, numeric);
  // Another member's invoice answers exactly like a missing one.
  if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
  return invoice;
}

// ---------------------------------------------------------------------------------------------------------------
// Queries

const pageArgs = z.object({
  first: z
    .number()
    .int()
    .min(1, `Peça de 1 a ${INVOICES_PAGE_MAX} notas por página.`)
    .max(INVOICES_PAGE_MAX, `No máximo ${INVOICES_PAGE_MAX} notas por página.`)
    .nullish(),
  after: z
    .string()
    .regex(/^\d{1,12}$/, 'Página inválida.')
    .nullish(),
});

export async function listInvoices(deps: Deps, rawArgs: { first?: number | null; after?: string | null }) {
  const userId = await requireMemberId(deps);
  const args = parseInput(pageArgs, rawArgs);
  const first = args.first ?? INVOICES_PAGE_DEFAULT;
  const after = args.after ? Number(args.after) : null;
  const rows = await repo.listOwnInvoices(deps.db, userId, after, first + 1);
  const page = rows.slice(0, first);
  const hasMore = rows.length > first;
  return {
    data: await toViews(deps.db, deps.config, page),
    hasMore,
    nextCursor: hasMore ? String(page.at(-1)?.id) : null,
  };
}

export async function countInvoices(deps: Deps): Promise<{ total: number; waiting: number; refused: number }> {
  return repo.countOwnInvoices(deps.db, await requireMemberId(deps));
}

/** At most this many refused invoices for home's reminders; the list page has them all. */
export const REFUSED_REMINDERS_MAX = 5;

export async function refusedInvoices(deps: Deps): Promise<{ id: string; reasonStart: string }[]> {
  const rows = await repo.refusedOwnInvoices(deps.db, await requireMemberId(deps), REFUSED_REMINDERS_MAX);
  return rows.map((row) => ({
    id: String(row.id),
    reasonStart: firstWords(row.rejection_reason ?? '', REMINDER_REASON_MAX),
  }));
}

export async function getInvoice(deps: Deps, id: string): Promise<InvoiceView> {
  const userId = await requireMemberId(deps);
  return toView(deps.db, deps.config, await ownInvoice(deps.db, userId, id));
}

/** What each item of one of the member's invoices earned (earning-view.ts). */
export async function getInvoiceEarning(deps: Deps, id: string): Promise<InvoiceEarningView | null> {
  const userId = await requireMemberId(deps);
  return earningView(deps.db, await ownInvoice(deps.db, userId, id));
}

/** A key another member had sent is counted for the reviewer before the member hears it is taken. */
async function noteTriedByOther(deps: Deps, existing: InvoiceRow, userId: number): Promise<void> {
  if (existing.user_id !== userId)
    await repo.recordKeyAttempt(deps.db, existing.access_key, userId, new Date(deps.config.now()).toISOString());
}

function duplicateMessage(existing: InvoiceRow, userId: number): string {
  return existing.user_id === userId ? INVOICE_MESSAGES.sentByYou(existing.created_at) : INVOICE_MESSAGES.sentByOther;
}

export async function checkAccessKey(
  deps: Deps,
  accessKey: string,
): Promise<{ available: boolean; message: string | null }> {
  const userId = await requireMemberId(deps);
  const parsed = parseAccessKey(accessKey.slice(0, 100));
  if (!parsed.ok) return { available: false, message: parsed.message };
  const existing = await repo.findByAccessKey(deps.db, parsed.info.key);
  if (!existing) return { available: true, message: null };
  await noteTriedByOther(deps, existing, userId);
  return { available: false, message: duplicateMessage(existing, userId) };
}

// ---------------------------------------------------------------------------------------------------------------
// Uploads

interface ReceivedFile extends StoredFile {
  name: string;
}

/** Drains every upload the resolver has not read yet, so the multipart request ends. */
const drain = (uploads: readonly Promise<FileUpload>[], used: ReadonlySet<number>): Promise<void> =>
  drainUploads(uploads.filter((_, index) => !used.has(index)));

const safeName = (name: string): string =>
  (name || 'arquivo')
    .replace(/[\\/]/g, '_')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 120);

/** Streams each upload to the storage in order; on any refusal, removes what was stored and drains the rest. */
async function receiveFiles(
  storage: FileStorage,
  uploads: readonly Promise<FileUpload>[],
  now: Date,
): Promise<ReceivedFile[]> {
  const stored: ReceivedFile[] = [];
  const used = new Set<number>();
  try {
    for (const [index, promise] of uploads.entries()) {
      let refusedStatus: number | undefined;
      const upload = await promise.catch((error: unknown) => {
        refusedStatus = (error as { status?: number }).status;
        return null;
      });
      used.add(index);
      // The parser refused the file before it reached us: over its size limit (413), or a part it could not read.
      if (!upload) {
        throw new FileRejected(
          refusedStatus === 413
            ? FILE_MESSAGES.tooBig('enviado')
            : 'Não foi possível receber os arquivos. Tente de novo.',
        );
      }
      const name = safeName(upload.filename);
      let stream: Readable;
      try {
        stream = upload.createReadStream();
      } catch (error) {
        // The parser already cut the file at the size limit (413) or lost the connection.
        const status = (error as { status?: number }).status;
        throw new FileRejected(
          status === 413 ? FILE_MESSAGES.tooBig(name) : `Não foi possível receber o arquivo "${name}". Tente de novo.`,
        );
      }
      const file = await storeUpload(stream, name, storage, now);
      stored.push({ ...file, name });
    }
    return stored;
  } catch (error) {
    await Promise.all(stored.map((f) => discardStored(storage, f.storagePath)));
    await drain(uploads, used);
    if (error instanceof FileRejected) throw badUserInput(error.message, { files: error.message });
    throw error;
  }
}

/** The sent XML's reading, and its text for the signature checks of the automatic review. */
async function readXml(storage: FileStorage, files: readonly ReceivedFile[]): Promise<ReceivedXml | null> {
  const xml = files.find((f) => f.kind === 'xml');
  if (!xml) return null;
  if (xml.sizeBytes > MAX_XML_PARSE_BYTES)
    throw badUserInput(INVOICE_MESSAGES.xmlTooBig, { files: INVOICE_MESSAGES.xmlTooBig });
  const text = (await readStored(storage, xml.storagePath)).toString('utf8');
  const parsed = parseNfeXml(text);
  if (!parsed.ok) throw badUserInput(parsed.message, { files: parsed.message });
  return { data: parsed.data, text };
}

const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Chave de envio inválida.');

const submitSchema = z.object({
  accessKey: z.string().max(100).nullish(),
  idempotencyKey: idempotencyKeySchema,
  files: z.array(z.unknown()).max(MAX_FILES_PER_INVOICE, FILE_MESSAGES.tooMany).min(1, FILE_MESSAGES.none),
  waitedOnDevice: z.boolean().nullish(),
});

export interface SubmitInput {
  accessKey?: string | null;
  idempotencyKey: string;
  /** Kept on the device without signal and sent by the waiting queue: nobody watched it go, so a receipt follows. */
  waitedOnDevice?: boolean | null;
  files: Promise<FileUpload>[];
  /** The app's form unless the WhatsApp channel says otherwise (never the member's to choose). */
  channel?: InvoiceChannel;
}

function refuse(uploads: readonly Promise<FileUpload>[], message: string, field: string): Promise<never> {
  return drain(uploads, new Set()).then(() => {
    throw badUserInput(message, { [field]: message });
  });
}

/** parseInput for a request with files: the files are read to their end before the refusal is answered. */
async function parseWithUploads<S extends z.ZodType>(
  uploads: readonly Promise<FileUpload>[],
  schema: S,
  input: unknown,
): Promise<z.infer<S>> {
  try {
    return parseInput(schema, input, { fieldOf: topLevelField });
  } catch (error) {
    await drain(uploads, new Set());
    throw error;
  }
}

/** The invoice an identical request (same member, same idempotency key) already made. */
const isSameAttempt = (invoice: InvoiceRow, userId: number, idempotencyKey: string): boolean =>
  invoice.user_id === userId && invoice.idempotency_key === idempotencyKey;

export async function submitInvoice(deps: Deps, input: SubmitInput): Promise<InvoiceView> {
  const userId = await requireMemberId(deps);
  const uploads = Array.isArray(input.files) ? input.files : [];
  const parsed = { data: await parseWithUploads(uploads, submitSchema, input) };
  const { db, config, storage } = deps;

  // A retry of an attempt that already made its invoice gets that invoice back, before any file is stored.
  const replay = await repo.findByAttempt(db, userId, parsed.data.idempotencyKey);
  if (replay) {
    await drain(uploads, new Set());
    return replayOf(deps, replay, parsed.data.accessKey);
  }
  if (!(await deps.uploadLimiter.tryTake(userId)))
    return drain(uploads, new Set()).then(() => Promise.reject(tooManyRequests(INVOICE_MESSAGES.tooMany)));

  let typedKey: AccessKeyInfo | null = null;
  if (parsed.data.accessKey && parsed.data.accessKey.trim() !== '') {
    const key = parseAccessKey(parsed.data.accessKey);
    if (!key.ok) return refuse(uploads, key.message, 'accessKey');
    typedKey = key.info;
    const existing = await repo.findByAccessKey(db, key.info.key);
    // An identical request that committed since the check above is this attempt's own invoice, not a duplicate.
    if (existing && isSameAttempt(existing, userId, parsed.data.idempotencyKey)) {
      await drain(uploads, new Set());
      return replayOf(deps, existing, parsed.data.accessKey);
    }
    if (existing) {
      await noteTriedByOther(deps, existing, userId);
      return refuse(uploads, duplicateMessage(existing, userId), 'accessKey');
    }
  }

  const now = new Date(config.now());
  const files = await receiveFiles(storage, uploads, now);
  const discardAll = () => Promise.all(files.map((f) => discardStored(storage, f.storagePath)));
  try {
    const xml = await readXml(storage, files);
    if (typedKey && xml && xml.data.accessKey !== typedKey.key)
      throw badUserInput(INVOICE_MESSAGES.keyMismatch, { accessKey: INVOICE_MESSAGES.keyMismatch });
    const keyInfo =
      typedKey ?? (xml ? (parseAccessKey(xml.data.accessKey) as { ok: true; info: AccessKeyInfo }).info : null);
    if (!keyInfo) throw badUserInput(ACCESS_KEY_MESSAGES.empty, { accessKey: ACCESS_KEY_MESSAGES.empty });
    // The reviewer's fraud reason (terminal only), from the device session the page reported.
    const risk = await assessDeviceRisk(deps, userId);

    const invoice = await db.transaction().execute(async (trx) => {
      const again = await repo.findByAttempt(trx, userId, parsed.data.idempotencyKey);
      if (again) return { replayed: true, row: again };
      const existing = await repo.findByAccessKey(trx, keyInfo.key);
      if (existing && isSameAttempt(existing, userId, parsed.data.idempotencyKey))
        return { replayed: true, row: existing };
      if (existing)
        throw badUserInput(duplicateMessage(existing, userId), { accessKey: duplicateMessage(existing, userId) });
      const at = now.toISOString();
      const row = await repo.insertInvoice(trx, {
        user_id: userId,
        access_key: keyInfo.key,
        idempotency_key: parsed.data.idempotencyKey,
        status: 'received',
        uf: keyInfo.uf,
        issued_month: `${keyInfo.year}-${String(keyInfo.month).padStart(2, '0')}`,
        issuer_cnpj: keyInfo.issuerCnpj,
        model: keyInfo.model,
        series: keyInfo.series,
        number: keyInfo.number,
        ...xmlColumns(xml?.data ?? null),
        device_session_id: risk.deviceSessionId,
        risk_reason: risk.reason,
        channel: input.channel ?? 'app',
        created_at: at,
        updated_at: at,
      });
      await repo.insertFiles(trx, row.id, files, at);
      await repo.insertEvent(trx, { invoice_id: row.id, status: 'received', note: null, created_at: at });
      if (parsed.data.waitedOnDevice) await receivedNoticeIn(trx, row, now);
      return { replayed: false, row };
    });
    if (invoice.replayed) {
      await discardAll();
      return replayOf(deps, invoice.row, parsed.data.accessKey);
    }
    countBusiness.invoice('sent');
    if (parsed.data.waitedOnDevice && deps.messenger) {
      await emailReceipt({ db, messenger: deps.messenger }, userId, receivedMail(invoice.row, config.publicUrl));
    }
    return toView(db, config, await autoReview(deps, invoice.row, xml, now));
  } catch (error) {
    await discardAll();
    if (isUniqueViolation(error)) {
      // Lost a race with an identical request (same attempt) or with someone sending the same key.
      const winner = await repo.findByAttempt(db, userId, parsed.data.idempotencyKey);
      if (winner) return replayOf(deps, winner, parsed.data.accessKey);
      const taken = typedKey ? await repo.findByAccessKey(db, typedKey.key) : undefined;
      if (taken) await noteTriedByOther(deps, taken, userId);
      throw badUserInput(INVOICE_MESSAGES.sentByOther, { accessKey: INVOICE_MESSAGES.sentByOther });
    }
    throw error;
  }
}

async function replayOf(deps: Deps, invoice: InvoiceRow, accessKey: string | null | undefined): Promise<InvoiceView> {
  if (accessKey && accessKey.trim() !== '') {
    const key = parseAccessKey(accessKey);
    if (!key.ok || key.info.key !== invoice.access_key) {
      throw badUserInput(INVOICE_MESSAGES.idempotencyReused, { files: INVOICE_MESSAGES.idempotencyReused });
    }
  }
  return toView(deps.db, deps.config, invoice);
}

function xmlColumns(xml: NfeData | null) {
  return xml
    ? {
        has_xml: 1,
        issuer_name: xml.issuerName || null,
        issued_at: xml.issuedAt,
        total_cents: xml.totalCents,
        buyer_document: xml.buyerDocument,
        items_json: JSON.stringify(xml.items),
      }
    : {};
}

// ---------------------------------------------------------------------------------------------------------------
// Re-send

const resendSchema = z.object({
  id: z.string().regex(/^\d{1,12}$/),
  idempotencyKey: idempotencyKeySchema,
  files: z.array(z.unknown()).max(MAX_FILES_PER_INVOICE, FILE_MESSAGES.tooMany).min(1, FILE_MESSAGES.none),
});

/** New files for a refused invoice: old files are kept for the record but hidden, and the review starts again. */
export async function resendInvoice(
  deps: Deps,
  input: { id: string; idempotencyKey: string; files: Promise<FileUpload>[] },
): Promise<InvoiceView> {
  const userId = await requireMemberId(deps);
  const uploads = Array.isArray(input.files) ? input.files : [];
  const { db, config, storage } = deps;
  const invoice = await ownInvoice(db, userId, input.id).catch(async (error: unknown) => {
    await drain(uploads, new Set());
    throw error;
  });
  const parsed = { data: await parseWithUploads(uploads, resendSchema, input) };
  const resendEvent = await repo.findEventByNote(db, invoice.id, `${RESEND_NOTE}${parsed.data.idempotencyKey}`);
  if (resendEvent) {
    await drain(uploads, new Set());
    return toView(db, config, invoice);
  }
  if (invoice.status !== 'rejected') return refuse(uploads, INVOICE_MESSAGES.notRejected, 'files');
  // A cancelled NF-e is refused for good: sent again, the same authorised XML would be approved again.
  if ((await repo.sefazCancelledAmong(db, [invoice.id])).size > 0)
    return refuse(uploads, INVOICE_MESSAGES.cancelledBySefaz, 'files');
  if (!(await deps.uploadLimiter.tryTake(userId)))
    return drain(uploads, new Set()).then(() => Promise.reject(tooManyRequests(INVOICE_MESSAGES.tooMany)));

  const now = new Date(config.now());
  const files = await receiveFiles(storage, uploads, now);
  try {
    const xml = await readXml(storage, files);
    if (xml && xml.data.accessKey !== invoice.access_key) {
      throw badUserInput(INVOICE_MESSAGES.keyMismatch, { files: INVOICE_MESSAGES.keyMismatch });
    }
    const at = now.toISOString();
    const updated = await db.transaction().execute(async (trx) => {
      if ((await repo.currentStatus(trx, invoice.id)) !== 'rejected')
        throw badUserInput(INVOICE_MESSAGES.notRejected, { files: INVOICE_MESSAGES.notRejected });
      await repo.replaceCurrentFiles(trx, invoice.id, at);
      await repo.insertFiles(trx, invoice.id, files, at);
      // The attempt's key is kept on the event so a retry of the same re-send is recognised.
      await repo.insertEvent(trx, {
        invoice_id: invoice.id,
        status: 'received',
        note: `${RESEND_NOTE}${parsed.data.idempotencyKey}`,
        created_at: at,
      });
      return repo.updateInvoice(trx, invoice.id, {
        status: 'received',
        rejection_reason: null,
        flag_reason: null,
        review_reason: null,
        updated_at: at,
        ...xmlColumns(xml?.data ?? null),
      });
    });
    return toView(db, config, await autoReview(deps, updated, xml, now));
  } catch (error) {
    await Promise.all(files.map((f) => discardStored(storage, f.storagePath)));
    throw error;
  }
}

export type { InvoiceFileKind };
