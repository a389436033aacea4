// The invoice review in the painel: the queue, one invoice as a reviewer sees it, the review lease, and approve /
// reject through the module's actions (actions.ts), which check the lease and write the audit line.
import { sql } from 'kysely';
import { formatDateTime, saoPauloDayStartMs } from '../../../lib/format/dates';
import type { NfeItem } from '../../../lib/invoices/nfe-xml';
import { containsPattern } from '../../db/like';
import type { Db, InvoiceRow } from '../../db/schema';
import { parseId } from '../../graphql/ids';
import { hideCpf } from '../../privacy/hide';
import { badUserInput, notFound } from '../../errors/api-errors';
import type { StaffActor } from '../../graphql/staff-access';
import type { AppConfig } from '../../config';
import { liveLeases, notHeldByOthers, releaseLease, staffFileUrl, takeLease, type LeaseView } from '../staff';
// The four-eyes rule's view of an item: who asked for its approval, and for how many points.
import { approvalRequestOf } from '../staff';
import type { StaffFileSource } from '../club-module';
import { FILE_EXTENSIONS, FILE_MIME_TYPES, type InvoiceFileKind } from '../../../lib/invoices/file-type';
import { holdSignals } from './hold-reasons';
import * as repo from './repository';
import {
  approveInvoice,
  confirmInvoiceApproval,
  INVOICE_ACTION_MESSAGES,
  rejectInvoice,
  reverseInvoiceApproval,
} from './actions';
import { suggestionFor } from './review';

export const QUEUE_PAGE_DEFAULT = 20;
export const QUEUE_PAGE_MAX = 50;

export const REVIEW_MESSAGES = {
  ...INVOICE_ACTION_MESSAGES,
  day: 'Data inválida: use AAAA-MM-DD.',
  page: 'Peça de 1 a 50 notas por página.',
} as const;

interface Deps {
  readonly db: Db;
  readonly config: AppConfig;
}

const WAITING = ['received', 'in_review'] as const;

/** Invoice files in the painel: `/painel/arquivos/nota-<file id>`. */
const INVOICE_FILE_SOURCE = 'nota';
export const invoiceStaffFiles: StaffFileSource = {
  source: INVOICE_FILE_SOURCE,
  roles: ['revisor'],
  async load(db, id) {
    const file = await db.selectFrom('invoice_files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!file) return undefined;
    const kind = file.kind as InvoiceFileKind;
    return {
      storageKey: file.storage_path,
      contentType: FILE_MIME_TYPES[kind],
      fileName: `nota-${file.invoice_id}-${file.id}.${FILE_EXTENSIONS[kind]}`,
      frameable: kind === 'pdf',
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Lease (the staff module's review lease, subject 'invoice')

export async function takeInvoice(deps: Deps, actor: StaffActor, id: string): Promise<LeaseView> {
  const invoiceId = parseId(id);
  const invoice = invoiceId === null ? undefined : await findWaiting(deps.db, invoiceId);
  if (!invoice) throw notFound(REVIEW_MESSAGES.notFound);
  return takeLease(
    deps.db,
    actor,
    { subject: 'invoice', id: invoice.id, label: invoice.access_key },
    new Date(deps.config.now()),
  );
}

export async function releaseInvoice(deps: Deps, actor: StaffActor, id: string): Promise<boolean> {
  const invoiceId = parseId(id);
  return invoiceId === null ? false : releaseLease(deps.db, actor, 'invoice', invoiceId);
}

// ---------------------------------------------------------------------------------------------------------------
// Queue

export interface QueueFilter {
  status?: string | null;
  flagged?: boolean | null;
  risk?: string | null;
  store?: string | null;
  from?: string | null;
  to?: string | null;
  hasXml?: boolean | null;
  search?: string | null;
}

/** A São Paulo day's start as UTC ISO (UTC−3, no daylight saving since 2019). */
function dayStart(day: string, field: string): string {
  const at = saoPauloDayStartMs(day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day)
    throw badUserInput(REVIEW_MESSAGES.day, { [`filter.${field}`]: REVIEW_MESSAGES.day });
  return new Date(at).toISOString();
}

const clean = (value: string | null | undefined) => value?.trim() || null;

export async function invoiceQueue(
  deps: Deps,
  actor: StaffActor,
  args: { filter?: QueueFilter | null; first?: number | null; after?: string | null },
) {
  const first = args.first ?? QUEUE_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 1 || first > QUEUE_PAGE_MAX) throw badUserInput(REVIEW_MESSAGES.page);
  const after = parseId(args.after);
  const f = args.filter ?? {};
  const status = clean(f.status);
  let query = deps.db
    .selectFrom('invoices')
    .innerJoin('users', 'users.id', 'invoices.user_id')
    .leftJoin('stores', 'stores.cnpj', 'invoices.issuer_cnpj')
    .selectAll('invoices')
    .select(['users.name as member_name', 'users.sur_name as member_sur_name', 'stores.name as store_name'])
    .where(
      'invoices.status',
      'in',
      status && (WAITING as readonly string[]).includes(status) ? [status as 'received'] : [...WAITING],
    );
  if (after !== null) query = query.where('invoices.id', '>', after);
  if (f.flagged === true) query = query.where('invoices.flag_reason', 'is not', null);
  if (f.flagged === false) query = query.where('invoices.flag_reason', 'is', null);
  if (f.hasXml === true) query = query.where('invoices.has_xml', '=', 1);
  if (f.hasXml === false) query = query.where('invoices.has_xml', '=', 0);
  const risk = clean(f.risk);
  if (risk) query = query.where(sql<boolean>`lower(invoices.risk_reason) like ${containsPattern(risk)} escape '!'`);
  const store = clean(f.store)?.replace(/\D/g, '');
  if (store) query = query.where('invoices.issuer_cnpj', '=', store);
  const from = clean(f.from);
  if (from) query = query.where('invoices.created_at', '>=', dayStart(from, 'from'));
  const to = clean(f.to);
  if (to) {
    const end = new Date(Date.parse(dayStart(to, 'to')) + 24 * 60 * 60 * 1000).toISOString();
    query = query.where('invoices.created_at', '<', end);
  }
  const search = clean(f.search);
  if (search) {
    const digits = search.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        ...(digits.length >= 4 && /^[\d\s.-]+$/.test(search) ? [eb('invoices.access_key', 'like', `${digits}%`)] : []),
        eb(
          sql<string>`lower(users.name || ' ' || users.sur_name)`,
          'like',
          sql<string>`${containsPattern(search)} escape '!'`,
        ),
        eb(sql<string>`lower(users.email)`, 'like', sql<string>`${containsPattern(search)} escape '!'`),
      ]),
    );
  }
  const rows = await query
    .orderBy('invoices.id')
    .limit(first + 1)
    .execute();
  const page = rows.slice(0, first);
  const ids = page.map((r) => r.id);
  const leases = await liveLeases(deps.db, actor, 'invoice', ids, new Date(deps.config.now()));
  const kinds = ids.length
    ? await deps.db
        .selectFrom('invoice_files')
        .select(['invoice_id', 'kind'])
        .where('invoice_id', 'in', ids)
        .where('replaced_at', 'is', null)
        .orderBy('id')
        .execute()
    : [];
  return {
    rows: page.map((r) => {
      const lease = leases.get(r.id);
      return {
        id: String(r.id),
        accessKey: r.access_key,
        status: r.status,
        createdAt: r.created_at,
        memberName: `${r.member_name} ${r.member_sur_name}`.trim(),
        issuerCnpj: r.issuer_cnpj,
        storeName: r.store_name ?? null,
        totalCents: r.total_cents,
        hasXml: r.has_xml === 1,
        fileKinds: kinds.filter((k) => k.invoice_id === r.id).map((k) => k.kind),
        flagReason: r.flag_reason,
        riskReason: r.risk_reason,
        reviewReason: r.review_reason,
        lease: lease ?? null,
      };
    }),
    nextCursor: rows.length > first ? String(page.at(-1)!.id) : null,
  };
}

/** The oldest waiting invoice after `after` that nobody else holds now. */
export async function nextInvoice(
  deps: Deps,
  actor: StaffActor,
  after: string | null | undefined,
): Promise<string | null> {
  let query = deps.db
    .selectFrom('invoices')
    .select('invoices.id')
    .where('invoices.status', 'in', [...WAITING])
    .where(notHeldByOthers('invoice', 'invoices.id', actor, new Date(deps.config.now())));
  const from = parseId(after);
  if (from !== null) query = query.where('invoices.id', '>', from);
  const row = await query.orderBy('invoices.id').limit(1).executeTakeFirst();
  return row ? String(row.id) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// One invoice

const findWaiting = (db: Db, id: number) =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .where('status', 'in', [...WAITING])
    .executeTakeFirst();

async function memberSummary(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'sur_name', 'cpf', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const counts = await db
    .selectFrom('invoices')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const approved = count('approved');
  const rejected = count('rejected');
  const last = await db
    .selectFrom('invoices')
    .select(['id', 'status', 'created_at', 'points'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(6)
    .execute();
  return {
    id: String(user.id),
    name: `${user.name} ${user.sur_name}`.trim(),
    cpfMasked: hideCpf(user.cpf),
    since: user.created_at,
    approved,
    rejected,
    approvalRate: approved + rejected === 0 ? null : Math.round((approved * 100) / (approved + rejected)),
    lastInvoices: last.map((r) => ({ id: String(r.id), status: r.status, createdAt: r.created_at, points: r.points })),
  };
}

/** Every risk signal the API keeps about the invoice: its flag, the device rule, the same bytes sent elsewhere. */
async function riskSignals(db: Db, invoice: InvoiceRow, fileHashes: readonly string[]) {
  // What the automatic review held it for comes first: which proof of the NF-e failed, or which ceiling.
  const signals: { kind: string; message: string; invoiceId: string | null }[] = holdSignals(invoice.review_reason);
  if (invoice.flag_reason) signals.push({ kind: 'FLAG', message: invoice.flag_reason, invoiceId: null });
  if (invoice.risk_reason)
    signals.push({ kind: 'DEVICE', message: `Aparelho: ${invoice.risk_reason}`, invoiceId: null });
  if (fileHashes.length > 0) {
    const same = await db
      .selectFrom('invoice_files')
      .innerJoin('invoices', 'invoices.id', 'invoice_files.invoice_id')
      .select(['invoices.id', 'invoices.user_id', 'invoices.status'])
      .where('invoice_files.sha256', 'in', [...fileHashes])
      .where('invoices.id', '!=', invoice.id)
      .distinct()
      .orderBy('invoices.id')
      .limit(10)
      .execute();
    for (const other of same) {
      const byOther = other.user_id !== invoice.user_id;
      signals.push({
        kind: byOther ? 'SAME_FILE_OTHER_MEMBER' : 'SAME_FILE_SAME_MEMBER',
        message: byOther
          ? `O mesmo arquivo (bytes idênticos) foi enviado por outro membro na nota #${other.id}.`
          : `O mesmo arquivo (bytes idênticos) já foi enviado por este membro na nota #${other.id}.`,
        invoiceId: String(other.id),
      });
    }
  }
  const tries = await repo.keyAttemptsByOthers(db, invoice.access_key, invoice.user_id);
  if (tries.length > 0) {
    const total = tries.reduce((sum, t) => sum + t.attempts, 0);
    const members = tries.length === 1 ? 'outro membro' : `${tries.length} outros membros`;
    signals.push({
      kind: 'SAME_KEY_OTHER_MEMBER',
      message: `A mesma chave foi tentada por ${members} (${total} ${total === 1 ? 'vez' : 'vezes'}, a última em ${formatDateTime(tries[0]!.last_at)}).`,
      invoiceId: null,
    });
  }
  return signals;
}

export async function invoiceDetail(deps: Deps, actor: StaffActor, id: string) {
  const invoiceId = parseId(id);
  const invoice =
    invoiceId === null
      ? undefined
      : await deps.db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
  if (!invoice) throw notFound(REVIEW_MESSAGES.notFound);
  return detailOf(deps, actor, invoice);
}

async function detailOf(deps: Deps, actor: StaffActor, invoice: InvoiceRow) {
  const { db, config } = deps;
  const files = await db
    .selectFrom('invoice_files')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .where('replaced_at', 'is', null)
    .orderBy('id')
    .execute();
  const store = await db.selectFrom('stores').select('name').where('cnpj', '=', invoice.issuer_cnpj).executeTakeFirst();
  const waiting = (WAITING as readonly string[]).includes(invoice.status);
  const suggested = waiting ? await suggestionFor(db, invoice) : null;
  const lease = (await liveLeases(db, actor, 'invoice', [invoice.id], new Date(config.now()))).get(invoice.id);
  const items = invoice.items_json ? (JSON.parse(invoice.items_json) as NfeItem[]) : [];
  const buyer = invoice.buyer_document;
  return {
    id: String(invoice.id),
    accessKey: invoice.access_key,
    status: invoice.status,
    createdAt: invoice.created_at,
    uf: invoice.uf,
    issuedMonth: invoice.issued_month,
    issuerCnpj: invoice.issuer_cnpj,
    model: invoice.model,
    series: invoice.series,
    number: invoice.number,
    hasXml: invoice.has_xml === 1,
    issuerName: invoice.issuer_name,
    storeName: store?.name ?? null,
    issuedAt: invoice.issued_at,
    totalCents: invoice.total_cents,
    buyerCpfMasked: buyer ? (buyer.length === 11 ? hideCpf(buyer) : buyer) : null,
    items: items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      unit: i.unit,
      totalCents: i.totalCents,
    })),
    files: files.map((f) => ({
      id: String(f.id),
      kind: f.kind,
      name: f.original_name,
      sizeBytes: f.size_bytes,
      url: staffFileUrl(config.jwtSecret, INVOICE_FILE_SOURCE, f.id, actor.staffId, config.now()),
    })),
    points: invoice.points,
    rejectionReason: invoice.rejection_reason,
    member: await memberSummary(db, invoice.user_id),
    signals: await riskSignals(
      db,
      invoice,
      files.map((f) => f.sha256),
    ),
    suggestedPoints: suggested?.total ?? null,
    suggestedParts: suggested
      ? [suggested.base, ...suggested.bonuses].map((p) => ({ name: p.name, points: p.points }))
      : [],
    lease: lease ?? null,
    approvalRequest: await approvalRequestOf(db, 'invoice', invoice.id, actor.staffId),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Approve and reject: the module's actions (actions.ts), answered with the invoice as the reviewer now sees it.

function idOf(id: string): number {
  const invoiceId = parseId(id);
  if (invoiceId === null) throw notFound(REVIEW_MESSAGES.notFound);
  return invoiceId;
}

export async function approveAsStaff(
  deps: Deps,
  actor: StaffActor,
  args: { id: string; points: number; confirmed?: boolean | null },
) {
  const invoice = await approveInvoice(deps, actor, idOf(args.id), args.points, { confirmed: args.confirmed === true });
  return detailOf(deps, actor, invoice);
}

export async function confirmApprovalAsStaff(deps: Deps, actor: StaffActor, id: string) {
  return detailOf(deps, actor, await confirmInvoiceApproval(deps, actor, idOf(id)));
}

export async function reverseAsStaff(deps: Deps, actor: StaffActor, id: string, reason: string) {
  return detailOf(deps, actor, (await reverseInvoiceApproval(deps, actor, idOf(id), reason)).invoice);
}

export async function rejectAsStaff(deps: Deps, actor: StaffActor, id: string, reason: string) {
  return detailOf(deps, actor, await rejectInvoice(deps, actor, idOf(id), reason));
}
