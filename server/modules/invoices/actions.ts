// The invoice review's use cases: what a reviewer in the painel, an operator at the terminal and the club's own jobs
// do to a sent invoice. Each reads the invoice once, validates once, and writes the change, the member's notification
// and its audit line in one transaction; each refusal is a DomainError. The painel's resolvers (staff-review.ts) and
// `npm run invoices` (server/cli/invoices.ts) only adapt their input to these.
import type { Db, InvoiceRow } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { countBusiness } from '../../metrics/business';
import { notify } from '../notifications';
import { lockMemberPoints, reverseInvoicePoints, type PurchaseItem } from '../points';
import { todayInBrazil } from '../../../lib/format/dates';
import { toGtin14 } from '../../../lib/validation/gtin';
import { endLease, recordAudit, requireLease, type AuditActor } from '../staff';
import { nowOf, type OperatorDeps } from '../service-deps';
import { creditApproval, invoiceLabel, setStatus, suggestionFor } from './review';
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
const KEYED_ITEMS_MAX = 990;
const KEYED_VALUE_MAX_CENTS = 100_000_000_00;

export const INVOICE_ACTION_MESSAGES = {
  notFound: 'Nota fiscal não encontrada.',
  notWaiting: 'Esta nota já foi analisada.',
  heldBy: (name: string) => `${name} está analisando esta nota. Abra outra.`,
  leaseLost: 'Abra a nota de novo: ela não está mais reservada para você.',
  points: 'Informe os pontos: um número inteiro de 0 a 10.000.000.',
  noTotal: 'Esta nota não tem valor total (foi enviada sem XML): informe os pontos.',
  reason: 'Informe o motivo da recusa (3 a 500 caracteres).',
  items: `Informe de 1 a ${KEYED_ITEMS_MAX} itens, cada um com um GTIN válido, uma quantidade maior que zero (até 4 casas) e um valor de até R$ 100.000.000,00.`,
  itemsOrPoints: 'Informe os itens ou os pontos, não os dois.',
} as const;

function validKeyedItems(items: readonly KeyedItem[]): PurchaseItem[] {
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

const isWaiting = (invoice: InvoiceRow) => invoice.status === 'received' || invoice.status === 'in_review';

/**
 * The steps every review shares: the invoice read once inside the transaction, still waiting, and for a staff member
 * still held by them (the painel's review lease), which ends with the decision.
 */
function review<T>(
  deps: OperatorDeps,
  actor: AuditActor,
  invoiceId: number,
  work: (trx: Db, invoice: InvoiceRow, at: Date) => Promise<T>,
): Promise<T> {
  const at = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const invoice = await repo.findInvoiceById(trx, invoiceId);
    if (!invoice) throw new DomainError('NOT_FOUND', INVOICE_ACTION_MESSAGES.notFound);
    if (!isWaiting(invoice)) throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.notWaiting);
    if (actor.kind === 'staff') {
      await requireLease(trx, actor, { subject: 'invoice', id: invoiceId }, at, {
        heldBy: INVOICE_ACTION_MESSAGES.heldBy,
        lost: INVOICE_ACTION_MESSAGES.leaseLost,
      });
    }
    const result = await work(trx, invoice, at);
    if (actor.kind === 'staff') await endLease(trx, 'invoice', invoiceId);
    return result;
  });
}

/**
 * Approves a waiting invoice. Without `points`, or with exactly the campaign's suggestion, the campaign's base and
 * bonus entries are credited; other points become one entry "Pontos definidos na análise". An invoice without a
 * total (sent without XML) needs the points.
 */
export function approveInvoice(
  deps: OperatorDeps,
  actor: AuditActor,
  invoiceId: number,
  points?: number,
  keyedItems?: readonly KeyedItem[],
): Promise<InvoiceRow> {
  if (points !== undefined && (!Number.isInteger(points) || points < 0 || points > REVIEW_LIMITS.pointsMax)) {
    throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.points, 'points');
  }
  if (keyedItems && points !== undefined)
    throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.itemsOrPoints, 'items');
  const items = keyedItems ? validKeyedItems(keyedItems) : null;
  return review(deps, actor, invoiceId, async (trx, invoice, at) => {
    // Lines keyed from a photo go through the same rules as an XML's, at the store and date of the invoice.
    const keyed = items && {
      items,
      storeCnpj: invoice.issuer_cnpj,
      uf: invoice.uf,
      day: todayInBrazil(new Date(invoice.issued_at ?? invoice.created_at)),
    };
    const suggestion = keyed ? null : await suggestionFor(trx, invoice);
    const credit = keyed
      ? { purchase: keyed }
      : suggestion && (points === undefined || points === suggestion.total)
        ? { purchase: suggestion.purchase }
        : points !== undefined
          ? { givenPoints: points }
          : null;
    if (!credit) throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.noTotal, 'points');
    const approved = await creditApproval(trx, invoice, { note: 'Aprovada na análise.', credit }, at);
    await recordAudit(
      trx,
      actor,
      {
        action: 'invoice.approve',
        object: { type: 'invoice', id: invoice.id, label: invoice.access_key },
        before: { status: invoice.status },
        after: { status: approved.status, points: approved.points },
      },
      at,
    );
    return approved;
  });
}

/** Refuses a waiting invoice with the reason the member will read (3 to 500 characters). */
export function rejectInvoice(
  deps: OperatorDeps,
  actor: AuditActor,
  invoiceId: number,
  reason: string,
): Promise<InvoiceRow> {
  const text = reason.trim();
  if (text.length < REVIEW_LIMITS.reasonMin || text.length > REVIEW_LIMITS.reasonMax) {
    throw new DomainError('BAD_USER_INPUT', INVOICE_ACTION_MESSAGES.reason, 'reason');
  }
  return review(deps, actor, invoiceId, async (trx, invoice, at) => {
    const rejected = await setStatus(trx, invoice.id, 'rejected', text, at, { rejection_reason: text });
    await notify(
      trx,
      { type: 'invoice-refused', userId: invoice.user_id, label: invoiceLabel(invoice), reason: text },
      at,
    );
    await recordAudit(
      trx,
      actor,
      {
        action: 'invoice.reject',
        object: { type: 'invoice', id: invoice.id, label: invoice.access_key },
        before: { status: invoice.status },
        after: { status: rejected.status, reason: rejected.rejection_reason },
      },
      at,
    );
    countBusiness.invoice('refused');
    return rejected;
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
    await recordAudit(
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
