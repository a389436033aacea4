// The invoice review's use cases: what a reviewer in the painel, an operator at the terminal and the club's own jobs
// do to a sent invoice. Each reads the invoice once, validates once, and writes the change, the member's notification
// and its audit line in one transaction; each refusal is a DomainError. The painel's resolvers (staff-review.ts) and
// `npm run invoices` (server/cli/invoices.ts) only adapt their input to these.
import type { Db, InvoiceRow } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { countBusiness } from '../../metrics/business';
import { notify } from '../notifications';
import { lockMemberPoints, reverseInvoicePoints, type Purchase, type PurchaseItem } from '../points';
import { todayInBrazil } from '../../../common/format/dates';
import { toGtin14 } from '../../../common/validation/gtin';
import * as staff from '../staff';
import type { AuditActor } from '../staff';
import type { StaffActor } from '../../graphql/staff-access';
import { nowOf, type OperatorDeps } from '../service-deps';
import {
  creditApproval,
  invoiceLabel,
  setStatus,
  suggestionFor,
  suggestionForPurchase,
  type ApprovalCredit,
} from './review';
import * as repo from './repository';

/** The review's limits: points a reviewer may give, and the length of a refusal's reason. */
export const REVIEW_LIMITS = { pointsMax: 10_000_000, reasonMin: 3, reasonMax: 500 } as const;

/** A line a reviewer keyed from a photo or a PDF: the product's GTIN, the quantity and the value paid. */
export interface KeyedItem {
  readonly gtin: string;
  /** A decimal with a point, e.g. "2" or "1.5". */
  readonly quantity: string;
  readonly valueCents: number;
}

/** Lines one review may key: an NF-e's own limit. */
export const KEYED_ITEMS_MAX = 990;
export const KEYED_VALUE_MAX_CENTS = 100_000_000_00;

export const INVOICE_ACTION_MESSAGES = {
  notFound: 'Nota fiscal não encontrada.',
  notWaiting: 'Esta nota já foi analisada.',
  heldBy: (name: string) => `${name} está analisando esta nota. Abra outra.`,
  leaseLost: 'Abra a nota de novo: ela não está mais reservada para você.',
  points: 'Informe os pontos: um número inteiro de 0 a 10.000.000.',
  noTotal: 'Esta nota não tem valor total (foi enviada sem XML): informe os pontos.',
  reason: 'Informe o motivo da recusa (3 a 500 caracteres).',
  reverseReason: 'Informe o motivo do estorno (3 a 500 caracteres): o membro lerá.',
  notApproved: 'Só uma nota aprovada pode ter a aprovação estornada.',
  reverseAdmin: (points: number) =>
    `Estornar uma aprovação acima de ${points.toLocaleString('pt-BR')} pontos é com um admin.`,
  items: `Informe de 1 a ${KEYED_ITEMS_MAX} itens, cada um com um GTIN válido, uma quantidade maior que zero (até 4 casas) e um valor de até R$ 100.000.000,00.`,
  itemsOrPoints: 'Informe os itens ou os pontos, não os dois.',
  keyLines:
    'Esta nota não tem XML: digite os itens da marca da foto ou do PDF (produto, quantidade e valor). Só um admin define os pontos à mão.',
  freeReason: 'Informe o motivo dos pontos definidos à mão (3 a 500 caracteres): ele fica na auditoria.',
  bulkSize: 'Escolha de 1 a 50 notas da fila.',
  notCopy: 'Não é cópia de uma nota enviada antes: abra-a para decidir.',
} as const;

/** Whatever held the invoice for a person besides a missing XML: the buyer's CPF, the device rule, a failed proof. */
const isFlagged = (invoice: InvoiceRow) =>
  invoice.flag_reason !== null || invoice.risk_reason !== null || invoice.review_reason !== null;

/** Keyed lines as the earning engine reads them (GTIN-14, the index of each line); BAD_USER_INPUT on `items`. */
export function validKeyedItems(items: readonly KeyedItem[]): PurchaseItem[] {
  const valid =
    items.length > 0 &&
    items.length <= KEYED_ITEMS_MAX &&
    items.every(
      (i) =>
        toGtin14(i.gtin) !== null &&
        /^\d{1,9}(\.\d{1,4})?$/.test(i.quantity) &&
        Number(i.quantity) > 0 &&
        Number.isInteger(i.valueCents) &&
        i.valueCents >= 0 &&
        i.valueCents <= KEYED_VALUE_MAX_CENTS,
    );
  if (!valid) throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.items, 'items');
  return items.map((i, index) => ({ index, gtin: toGtin14(i.gtin), quantity: i.quantity, valueCents: i.valueCents }));
}

/**
 * What an approval credits, and its points: lines keyed from a photo go through the earning rules at the invoice's
 * store and date, as an XML's items do; an XML's purchase when `points` is its figure (or none was given); else the
 * points the reviewer gave.
 */
/** A photo's keyed lines as a purchase: at the invoice's store and state, on its issue day (else the day it was sent). */
export const keyedPurchase = (invoice: InvoiceRow, items: readonly PurchaseItem[]): Purchase => ({
  items,
  storeCnpj: invoice.issuer_cnpj,
  uf: invoice.uf,
  day: todayInBrazil(new Date(invoice.issued_at ?? invoice.created_at)),
});

async function creditFor(
  trx: Db,
  invoice: InvoiceRow,
  points: number | undefined,
  items: PurchaseItem[] | null,
): Promise<{ total: number; credit: ApprovalCredit }> {
  if (items) {
    const purchase = keyedPurchase(invoice, items);
    const suggestion = await suggestionForPurchase(trx, invoice.user_id, purchase);
    return { total: suggestion.total, credit: { purchase } };
  }
  const suggestion = await suggestionFor(trx, invoice);
  if (suggestion && (points === undefined || points === suggestion.total))
    return { total: suggestion.total, credit: { purchase: suggestion.purchase } };
  if (points !== undefined) return { total: points, credit: { givenPoints: points } };
  throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.noTotal, 'points');
}

/** The audit line of a decision on an invoice, in the decision's transaction. */
const audit = (
  trx: Db,
  actor: AuditActor,
  invoice: InvoiceRow,
  change: { action: string; before: Record<string, unknown>; after: Record<string, unknown> },
  at: Date,
) =>
  staff.recordAudit(
    trx,
    actor,
    { ...change, object: { type: 'invoice', id: invoice.id, label: invoice.access_key } },
    at,
  );

const isWaiting = (invoice: InvoiceRow) => invoice.status === 'received' || invoice.status === 'in_review';

/**
 * The steps every review shares: the invoice read once inside the transaction, still waiting, and for a staff member
 * still held by them (the painel's review lease), which ends with the decision. A decision made from the queue on a
 * selection (`fromList`) needs no lease of its own, only that nobody else has the invoice open.
 */
function review<T>(
  deps: OperatorDeps,
  actor: AuditActor,
  invoiceId: number,
  work: (trx: Db, invoice: InvoiceRow, at: Date) => Promise<T>,
  fromList = false,
): Promise<T> {
  const at = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const invoice = await repo.findInvoiceById(trx, invoiceId);
    if (!invoice) throw new DomainError('NOT_FOUND', INVOICE_ACTION_MESSAGES.notFound);
    if (!isWaiting(invoice)) throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.notWaiting);
    if (actor.kind === 'staff' && fromList) {
      const lease = (await staff.liveLeases(trx, actor, 'invoice', [invoiceId], at)).get(invoiceId);
      if (lease && !lease.mine)
        throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.heldBy(lease.staffName));
    } else if (actor.kind === 'staff') {
      await staff.requireLease(trx, actor, { subject: 'invoice', id: invoiceId }, at, {
        heldBy: INVOICE_ACTION_MESSAGES.heldBy,
        lost: INVOICE_ACTION_MESSAGES.leaseLost,
      });
    }
    const result = await work(trx, invoice, at);
    if (actor.kind === 'staff') await staff.endLease(trx, 'invoice', invoiceId);
    return result;
  });
}

/** What an approval asks beyond the points: whether the person confirmed a large or flagged one, the keyed lines. */
export interface ApprovalOptions {
  readonly confirmed?: boolean;
  /** A photo's or PDF's lines of the brand, keyed by the reviewer: credited by the earning rules. */
  readonly items?: readonly KeyedItem[];
  /**
   * The painel's caller holds the admin role: only an admin gives a free number of points to an invoice without XML,
   * and with a `reason`. The terminal's operator is trusted as its other commands trust them.
   */
  readonly admin?: boolean;
  /** Why the points were given by hand (3 to 500 characters), kept in the audit line. */
  readonly reason?: string;
}

/** The reason of free points on an invoice without XML: who may give them, and why, for the audit line. */
function freePointsReason(actor: AuditActor, invoice: InvoiceRow, options: ApprovalOptions): string | undefined {
  if (invoice.has_xml === 1) return undefined;
  if (actor.kind === 'staff' && options.admin !== true)
    throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.keyLines, 'points');
  if (actor.kind !== 'staff' && options.reason === undefined) return undefined;
  return staff.reasonOf(options.reason ?? '', INVOICE_ACTION_MESSAGES.freeReason);
}

/**
 * Approves a waiting invoice. Without `points`, or with exactly the earning rules' figure, the XML's purchase (or the
 * keyed lines of a photo) is credited by the rules; other points become one entry "Pontos definidos na análise". An invoice without a
 * total (sent without XML) needs the points. A person's approval of a flagged invoice or above REVIEW_CONFIRM_POINTS
 * must be `confirmed`; above REVIEW_FOUR_EYES_POINTS it only records a request (the invoice stays waiting, nothing is
 * credited) until another staff account confirms it (confirmInvoiceApproval). The club's own jobs are not asked.
 */
export function approveInvoice(
  deps: OperatorDeps,
  actor: AuditActor,
  invoiceId: number,
  points?: number,
  options: ApprovalOptions = {},
): Promise<InvoiceRow> {
  if (points !== undefined && (!Number.isInteger(points) || points < 0 || points > REVIEW_LIMITS.pointsMax)) {
    throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.points, 'points');
  }
  if (options.items && points !== undefined)
    throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.itemsOrPoints, 'items');
  const items = options.items ? validKeyedItems(options.items) : null;
  return review(deps, actor, invoiceId, async (trx, invoice, at) => {
    const reason = points !== undefined ? freePointsReason(actor, invoice, options) : undefined;
    const parts = await creditFor(trx, invoice, points, items);
    const target = {
      subject: 'invoice' as const,
      id: invoice.id,
      label: invoice.access_key,
      userId: invoice.user_id,
      points: parts.total,
      status: invoice.status,
      flagged: isFlagged(invoice),
      ...(options.items ? { items: options.items } : {}),
      ...(reason ? { reason } : {}),
    };
    const confirmed = options.confirmed === true;
    if (await staff.holdForSecondApproval(trx, deps.config, actor, target, { confirmed }, at)) return invoice;
    return credit(trx, actor, invoice, parts, at, {
      ...(items ? { keyedItems: items.length } : {}),
      ...(reason ? { reason } : {}),
    });
  });
}

/**
 * The second person's confirmation of a large approval: a staff account other than the one that asked credits the
 * requested points, and the audit line names both.
 */
export function confirmInvoiceApproval(deps: OperatorDeps, actor: AuditActor, invoiceId: number): Promise<InvoiceRow> {
  return review(deps, actor, invoiceId, async (trx, invoice, at) => {
    const request = await staff.takeSecondApproval(trx, actor, 'invoice', invoice.id, at);
    // Keyed lines are kept with the request: the second person credits exactly them, through the rules.
    const keyed = request.items_json ? validKeyedItems(JSON.parse(request.items_json) as KeyedItem[]) : null;
    const parts = await creditFor(trx, invoice, keyed ? undefined : request.points, keyed);
    return credit(trx, actor, invoice, parts, at, {
      requestedBy: request.requested_by_name,
      ...(keyed ? { keyedItems: keyed.length } : {}),
    });
  });
}

async function credit(
  trx: Db,
  actor: AuditActor,
  invoice: InvoiceRow,
  parts: { credit: ApprovalCredit },
  at: Date,
  extra: Record<string, unknown>,
): Promise<InvoiceRow> {
  const approved = await creditApproval(trx, invoice, { note: 'Aprovada na análise.', credit: parts.credit }, at);
  await audit(
    trx,
    actor,
    invoice,
    {
      action: 'invoice.approve',
      before: { status: invoice.status },
      after: { status: approved.status, points: approved.points, ...extra },
    },
    at,
  );
  return approved;
}

/** A refusal's reason as the member will read it (3 to 500 characters), or the refusal under the `reason` field. */
function refusalReason(reason: string): string {
  const text = reason.trim();
  if (text.length < REVIEW_LIMITS.reasonMin || text.length > REVIEW_LIMITS.reasonMax) {
    throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.reason, 'reason');
  }
  return text;
}

/** The refusal itself, in the review's transaction: the status, the member's notice, the audit line. */
async function refuse(
  trx: Db,
  actor: AuditActor,
  invoice: InvoiceRow,
  text: string,
  at: Date,
  extra: Record<string, unknown> = {},
): Promise<InvoiceRow> {
  await staff.cancelPendingApproval(trx, actor, 'invoice', invoice.id, at);
  const rejected = await setStatus(trx, invoice.id, 'rejected', text, at, { rejection_reason: text });
  await notify(
    trx,
    { type: 'invoice-refused', userId: invoice.user_id, label: invoiceLabel(invoice), reason: text },
    at,
  );
  const after = { status: rejected.status, reason: rejected.rejection_reason, ...extra };
  await audit(trx, actor, invoice, { action: 'invoice.reject', before: { status: invoice.status }, after }, at);
  countBusiness.invoice('refused');
  return rejected;
}

/** Refuses a waiting invoice with the reason the member will read (3 to 500 characters). */
export function rejectInvoice(
  deps: OperatorDeps,
  actor: AuditActor,
  invoiceId: number,
  reason: string,
): Promise<InvoiceRow> {
  const text = refusalReason(reason);
  return review(deps, actor, invoiceId, (trx, invoice, at) => refuse(trx, actor, invoice, text, at));
}

/** A decision on a selection of the queue: which invoices it was done to, and why each other one was left. */
export interface BulkResult {
  readonly done: number[];
  readonly skipped: { id: number; message: string }[];
}

/** How many invoices one decision on a selection takes: a page of the queue. */
export const BULK_MAX = 50;

function bulkIds(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.length > BULK_MAX)
    throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.bulkSize, 'ids');
  return unique;
}

/** Runs `one` on each id in its own transaction: one invoice's refusal (a DomainError) never stops the others. */
async function eachOf(ids: readonly number[], one: (id: number) => Promise<unknown>): Promise<BulkResult> {
  const result: BulkResult = { done: [], skipped: [] };
  for (const id of ids) {
    try {
      await one(id);
      result.done.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.skipped.push({ id, message: error.message });
    }
  }
  return result;
}

/** The earliest other invoice with a file of the same bytes as this one's current files: what it is a copy of. */
async function originalOf(trx: Db, invoice: InvoiceRow): Promise<number | null> {
  const found = await trx
    .selectFrom('invoice_files as f')
    .innerJoin('invoice_files as o', (join) =>
      join.onRef('o.sha256', '=', 'f.sha256').onRef('o.invoice_id', '!=', 'f.invoice_id'),
    )
    .innerJoin('invoices as other', 'other.id', 'o.invoice_id')
    .select('other.id')
    .where('f.invoice_id', '=', invoice.id)
    .where('f.replaced_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('other.created_at', '<', invoice.created_at),
        eb.and([eb('other.created_at', '=', invoice.created_at), eb('other.id', '<', invoice.id)]),
      ]),
    )
    .orderBy('other.created_at')
    .orderBy('other.id')
    .limit(1)
    .executeTakeFirst();
  return found?.id ?? null;
}

/**
 * Refuses a selection of copies with one reason: each one a waiting invoice whose file another invoice sent first,
 * that nobody else has open. The one safe decision in bulk (a copy earns nothing whatever it shows); everything
 * else is decided invoice by invoice. Each refusal is the single one's (notice, audit line with `copyOf`).
 */
export async function rejectCopies(
  deps: OperatorDeps,
  actor: StaffActor,
  ids: readonly number[],
  reason: string,
): Promise<BulkResult> {
  const text = refusalReason(reason);
  return eachOf(bulkIds(ids), (id) =>
    review(
      deps,
      actor,
      id,
      async (trx, invoice, at) => {
        const copyOf = await originalOf(trx, invoice);
        if (copyOf === null) throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.notCopy);
        return refuse(trx, actor, invoice, text, at, { copyOf, bulk: true });
      },
      true,
    ),
  );
}

/**
 * Gives a selection of waiting invoices to a reviewer (`staffId`), or to nobody (null): each with its audit line
 * `invoice.assign`. Decided invoices are left, with why.
 */
export async function assignInvoices(
  deps: OperatorDeps,
  actor: StaffActor,
  ids: readonly number[],
  staffId: string | null,
): Promise<BulkResult> {
  const selection = bulkIds(ids);
  const to = await staff.assigneeOf(deps.db, staffId);
  return eachOf(selection, (id) =>
    runInTransaction(deps.db, async (trx) => {
      const invoice = await repo.findInvoiceById(trx, id);
      if (!invoice) throw new DomainError('NOT_FOUND', INVOICE_ACTION_MESSAGES.notFound);
      if (!isWaiting(invoice)) throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.notWaiting);
      const target = { subject: 'invoice' as const, id, label: invoice.access_key };
      await staff.assignIn(trx, actor, target, to, nowOf(deps));
    }),
  );
}

/**
 * Undoes a person's mistake on an approved invoice: a ledger debit linked to it takes back every point it still holds
 * (never an edit of the credit), the invoice is refused with `reason`, which the member reads in a notice, and the
 * audit line is written, in one transaction. A reviewer reverses; above REVIEW_FOUR_EYES_POINTS only an admin (the
 * terminal's operator is trusted as the other commands trust them).
 */
export function reverseInvoiceApproval(
  deps: OperatorDeps,
  actor: AuditActor,
  invoiceId: number,
  reason: string,
): Promise<{ invoice: InvoiceRow; reversedPoints: number }> {
  const text = staff.reasonOf(reason, INVOICE_ACTION_MESSAGES.reverseReason);
  const now = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const found = await repo.findInvoiceById(trx, invoiceId);
    if (!found) throw new DomainError('NOT_FOUND', INVOICE_ACTION_MESSAGES.notFound);
    // The member's points first: on SQLite that write takes the lock before the status is read again.
    await lockMemberPoints(trx, found.user_id, now);
    const invoice = (await repo.findInvoiceById(trx, invoiceId)) ?? found;
    if (invoice.status !== 'approved') throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.notApproved);
    const limit = deps.config.reviewFourEyesPoints;
    if (actor.kind === 'staff' && actor.role !== 'admin' && (invoice.points ?? 0) > limit) {
      throw new DomainError('FORBIDDEN', INVOICE_ACTION_MESSAGES.reverseAdmin(limit));
    }
    const label = invoiceLabel(invoice);
    const reversedPoints = await reverseInvoicePoints(
      trx,
      invoice.user_id,
      invoice.id,
      `${label}: aprovação estornada`,
      now,
    );
    const refused = await setStatus(trx, invoice.id, 'rejected', text, now, { rejection_reason: text });
    await notify(
      trx,
      { type: 'invoice-reversed', userId: invoice.user_id, label, points: reversedPoints, reason: text },
      now,
    );
    const before = { status: 'approved', points: invoice.points };
    const after = { status: 'rejected', reversedPoints, reason: text };
    await audit(trx, actor, invoice, { action: 'invoice.reverse', before, after }, now);
    return { invoice: refused, reversedPoints };
  });
}

/** What the member reads on an approved invoice the SEFAZ later said was cancelled. */
export const SEFAZ_CANCELLED_REASON =
  'A Sefaz informa que esta nota foi cancelada (compra devolvida ou desfeita). Os pontos dela foram estornados.';

/** Who the audit names for what the club's own jobs do. */
const SEFAZ_CHECK_ACTOR: AuditActor = { kind: 'system', name: 'Consulta à Sefaz' };

/**
 * An approved invoice the SEFAZ says was cancelled: its points taken back by a ledger debit linked to it (the whole
 * amount, see reverseInvoicePoints), the invoice refused with SEFAZ_CANCELLED_REASON, the member told and the audit
 * line written, in one transaction (the caller's when given one). Null when the invoice is no longer approved.
 */
export async function reverseCancelledInvoice(
  db: Db,
  invoice: InvoiceRow,
  cancellation: { cStat: number; reason: string },
  now: Date,
): Promise<{ invoice: InvoiceRow; reversedPoints: number } | null> {
  return runInTransaction(db, async (trx) => {
    // The member's points first: on SQLite that write takes the lock before the status is read.
    await lockMemberPoints(trx, invoice.user_id, now);
    if ((await repo.currentStatus(trx, invoice.id)) !== 'approved') return null;
    const label = invoiceLabel(invoice);
    const reversedPoints = await reverseInvoicePoints(
      trx,
      invoice.user_id,
      invoice.id,
      `${label} cancelada pela Sefaz: pontos estornados`,
      now,
    );
    const refused = await setStatus(trx, invoice.id, 'rejected', SEFAZ_CANCELLED_REASON, now, {
      rejection_reason: SEFAZ_CANCELLED_REASON,
    });
    await notify(trx, { type: 'invoice-cancelled', userId: invoice.user_id, label, points: reversedPoints }, now);
    await staff.recordAudit(
      trx,
      SEFAZ_CHECK_ACTOR,
      {
        action: 'invoice.sefaz-cancel',
        object: { type: 'invoice', id: invoice.id, label: invoice.access_key },
        before: { status: 'approved', points: invoice.points },
        after: { status: 'rejected', reversedPoints, cStat: cancellation.cStat, sefaz: cancellation.reason },
      },
      now,
    );
    return { invoice: refused, reversedPoints };
  });
}
