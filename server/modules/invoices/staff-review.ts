// The invoice review in the painel (the queue is staff-queue.ts): one invoice as a reviewer sees it, the review lease, and approve /
// reject through the module's actions (actions.ts), which check the lease and write the audit line.
import { formatDateTime } from '../../../common/format/dates';
import type { NfeItem } from '../../../common/invoices/nfe-xml';
import type { Db, InvoiceRow } from '../../db/schema';
import { parseId } from '../../graphql/ids';
import { hideCpf } from '../../privacy/hide';
import { notFound } from '../../errors/api-errors';
import type { StaffActor } from '../../graphql/staff-access';
import type { AppConfig } from '../../config';
import { liveLeases, releaseLease, staffFileUrl, takeLease, takeOverLease, type LeaseView } from '../staff';
// The four-eyes rule's view of an item: who asked for its approval, and for how many points.
import { approvalRequestOf } from '../staff';
import type { StaffFileSource } from '../club-module';
import { FILE_EXTENSIONS, FILE_MIME_TYPES, type InvoiceFileKind } from '../../../common/invoices/file-type';
import { holdSignals } from './hold-reasons';
import * as repo from './repository';
import {
  approveInvoice,
  confirmInvoiceApproval,
  INVOICE_ACTION_MESSAGES,
  rejectInvoice,
  reverseInvoiceApproval,
  type KeyedItem,
} from './actions';
import { suggestionFor } from './review';

export const REVIEW_MESSAGES = INVOICE_ACTION_MESSAGES;

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

/** The waiting invoice a lease is about, as the lease names it; not found once decided. */
async function leaseTarget(deps: Deps, id: string) {
  const invoiceId = parseId(id);
  const invoice = invoiceId === null ? undefined : await findWaiting(deps.db, invoiceId);
  if (!invoice) throw notFound(REVIEW_MESSAGES.notFound);
  return { subject: 'invoice' as const, id: invoice.id, label: invoice.access_key };
}

export async function takeInvoice(deps: Deps, actor: StaffActor, id: string): Promise<LeaseView> {
  return takeLease(deps.db, actor, await leaseTarget(deps, id), new Date(deps.config.now()));
}

/** An admin takes an invoice another reviewer holds (the lease changes hands, audited). */
export async function takeOverInvoice(deps: Deps, actor: StaffActor, id: string): Promise<LeaseView> {
  return takeOverLease(deps.db, actor, await leaseTarget(deps, id), new Date(deps.config.now()));
}

export async function releaseInvoice(deps: Deps, actor: StaffActor, id: string): Promise<boolean> {
  const invoiceId = parseId(id);
  return invoiceId === null ? false : releaseLease(deps.db, actor, 'invoice', invoiceId);
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
      .select(['invoices.id', 'invoices.user_id', 'invoices.status', 'invoices.created_at'])
      .where('invoice_files.sha256', 'in', [...fileHashes])
      .where('invoices.id', '!=', invoice.id)
      .distinct()
      .orderBy('invoices.id')
      .limit(10)
      .execute();
    for (const other of same) {
      const byOther = other.user_id !== invoice.user_id;
      // Both invoices carry the signal: each says which arrived first, so the reviewer knows the copy from the original.
      const earlier =
        other.created_at < invoice.created_at || (other.created_at === invoice.created_at && other.id < invoice.id);
      const who = byOther ? 'outro membro' : 'este membro';
      signals.push({
        kind: byOther ? 'SAME_FILE_OTHER_MEMBER' : 'SAME_FILE_SAME_MEMBER',
        message: earlier
          ? `O mesmo arquivo (bytes idênticos) já tinha sido enviado antes por ${who} na nota #${other.id}: esta é a cópia.`
          : `O mesmo arquivo (bytes idênticos) foi enviado depois por ${who} na nota #${other.id}: esta é a original.`,
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
  args: {
    id: string;
    points?: number | null;
    items?: readonly KeyedItem[] | null;
    reason?: string | null;
    confirmed?: boolean | null;
  },
  admin: boolean,
) {
  const invoice = await approveInvoice(deps, actor, idOf(args.id), args.points ?? undefined, {
    confirmed: args.confirmed === true,
    admin,
    ...(args.items ? { items: args.items } : {}),
    ...(args.reason != null ? { reason: args.reason } : {}),
  });
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
