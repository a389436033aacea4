// Review of a sent invoice: automatic approval of an authentic NF-e XML, and the terminal's approve and reject.
import type { NfeData } from '../../../lib/invoices/nfe-xml';
import type { Db, InvoiceRow, InvoiceStatus } from '../../db/schema';
import type { ApiContext } from '../../graphql/context';
import { findUserById } from '../users';
import { pointsForPurchase, appendEntries, lockMemberPoints, reverseInvoicePoints } from '../points';
import { limitReasons } from './auto-approval-limits';
import { HOLD_REASON_SEPARATOR } from './hold-reasons';
import { verifyNfe } from './nfe-trust/verify-nfe';
import { notify } from '../notifications';
import { recordAudit, type AuditActor } from '../staff';
import * as repo from './repository';
import { nowOf, type OperatorDeps } from '../service-deps';
import { countBusiness } from '../../metrics/business';

/** Automatic approval: an XML invoice of a registered store, bought at most this many days ago. */
export const PURCHASE_WINDOW_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

type PurchasePoints = Awaited<ReturnType<typeof pointsForPurchase>>;

/** An XML as sent: the parser's reading and the text whose signatures are checked. */
export interface ReceivedXml {
  readonly data: NfeData;
  readonly text: string;
}

/** What the automatic review reads: the database, the ceilings, and whom the club trusts to sign an NF-e. */
export type AutoReviewDeps = Pick<ApiContext, 'db' | 'config' | 'nfeTrust'>;

/**
 * Runs after every send: an XML invoice of a registered store, bought inside the purchase window, by the member
 * (buyer CPF), with no device risk, signed by its issuer and authorised by the SEFAZ (both proofs, verify-nfe.ts),
 * inside the ceilings of automatic approval, is approved with its points; anything else waits for a person
 * ("Em análise"). The rules the member may read are the event's note; a failed proof or a ceiling is staff's only
 * (review_reason), like the device rule's risk_reason: the member just sees "Em análise".
 */
export async function autoReview(
  deps: AutoReviewDeps,
  invoice: InvoiceRow,
  xml: ReceivedXml | null,
  now: Date,
): Promise<InvoiceRow> {
  const { db } = deps;
  const reasons: string[] = [];
  const held: string[] = [];
  let flag: string | null = null;
  if (!xml) reasons.push('Sem XML: conferência manual da foto ou do PDF.');
  else {
    const user = await findUserById(db, invoice.user_id);
    if (xml.data.buyerDocument !== user?.cpf) {
      flag = 'O comprador da nota não é o CPF do cadastro.';
      reasons.push(flag);
    }
    if (!(await repo.isRegisteredStore(db, xml.data.issuerCnpj))) reasons.push('Loja ainda não cadastrada no clube.');
    const age = now.getTime() - Date.parse(xml.data.issuedAt);
    if (age > PURCHASE_WINDOW_DAYS * DAY_MS) reasons.push(`Compra feita há mais de ${PURCHASE_WINDOW_DAYS} dias.`);
    if (age < -DAY_MS) reasons.push('Data de emissão no futuro.');
    const proof = verifyNfe(xml.text, xml.data, deps.nfeTrust);
    if (!proof.ok) held.push(proof.reason);
  }
  const parts =
    xml && invoice.total_cents !== null
      ? await pointsForPurchase(db, invoice.total_cents, new Date(xml.data.issuedAt))
      : null;
  if (parts && invoice.issued_at !== null)
    held.push(...(await limitReasons(db, deps.config, { ...invoice, issued_at: invoice.issued_at }, parts.total, now)));
  // A fraud-prevention reason (a shared or automated device) holds the invoice for a person too, but it stays in
  // risk_reason for the terminal: the member's note and flagReason never mention it, the invoice is just "Em análise".
  if (reasons.length > 0 || held.length > 0 || !parts || invoice.risk_reason !== null) {
    return setStatus(db, invoice.id, 'in_review', reasons.join(' '), now, {
      flag_reason: flag,
      review_reason: held.length > 0 ? held.join(HOLD_REASON_SEPARATOR) : null,
    });
  }
  return approve(
    db,
    invoice,
    { note: 'Aprovada automaticamente: XML de loja cadastrada.', parts, automatic: true },
    now,
  );
}

async function setStatus(
  db: Db,
  invoiceId: number,
  status: InvoiceStatus,
  note: string | null,
  now: Date,
  extra: Partial<
    Pick<InvoiceRow, 'flag_reason' | 'rejection_reason' | 'points' | 'review_reason' | 'auto_approved_at'>
  > = {},
): Promise<InvoiceRow> {
  const at = now.toISOString();
  const run = <T>(work: (trx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return run(async (trx) => {
    await repo.insertEvent(trx, { invoice_id: invoiceId, status, note: note || null, created_at: at });
    return repo.updateInvoice(trx, invoiceId, { status, updated_at: at, ...extra });
  });
}

const invoiceLabel = (inv: InvoiceRow) => `${inv.model === 65 ? 'NFC-e' : 'NF-e'} nº ${inv.number}`;

async function approve(
  db: Db,
  invoice: InvoiceRow,
  options: { note: string; points?: number; parts?: PurchasePoints; automatic?: boolean },
  now: Date,
): Promise<InvoiceRow> {
  const parts =
    options.parts ??
    (options.points !== undefined
      ? {
          base: { ruleId: null as number | null, name: 'Pontos definidos na análise', points: options.points },
          bonuses: [],
          total: options.points,
        }
      : await pointsForPurchase(db, invoice.total_cents ?? 0, new Date(invoice.issued_at ?? invoice.created_at)));
  // Inside the caller's transaction when given one (the painel writes its audit line in the same one).
  const run = <T>(work: (trx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  const approved = await run(async (trx) => {
    const status = await repo.currentStatus(trx, invoice.id);
    if (status === 'approved' || status === 'rejected') throw new Error('Esta nota já foi analisada.');
    await appendEntries(
      trx,
      invoice.user_id,
      [
        {
          userId: invoice.user_id,
          kind: 'credit',
          points: parts.base.points,
          description: `${invoiceLabel(invoice)} aprovada`,
          invoiceId: invoice.id,
          ruleId: parts.base.ruleId,
        },
        ...parts.bonuses.map((b) => ({
          userId: invoice.user_id,
          kind: 'bonus' as const,
          points: b.points,
          description: `Bônus ${b.name} (${invoiceLabel(invoice)})`,
          invoiceId: invoice.id,
          ruleId: b.ruleId,
        })),
      ],
      now,
    );
    const approved = await setStatus(trx, invoice.id, 'approved', options.note, now, {
      points: parts.total,
      rejection_reason: null,
      ...(options.automatic ? { auto_approved_at: now.toISOString() } : {}),
    });
    await notify(
      trx,
      { type: 'invoice-approved', userId: invoice.user_id, label: invoiceLabel(invoice), points: parts.total },
      now,
    );
    return approved;
  });
  countBusiness.invoice('approved');
  countBusiness.points('credited', parts.total);
  return approved;
}

/** Review from the terminal: approve with the campaign's points, or with `points` given by the reviewer. */
export async function approveInvoice(deps: OperatorDeps, invoiceId: number, points?: number): Promise<InvoiceRow> {
  const { db } = deps;
  const now = nowOf(deps);
  const invoice = await repo.findInvoiceById(db, invoiceId);
  if (!invoice) throw new Error(`Nota ${invoiceId} não encontrada.`);
  if (invoice.status === 'approved' || invoice.status === 'rejected') throw new Error('Esta nota já foi analisada.');
  if (points !== undefined && (!Number.isInteger(points) || points < 0 || points > 10_000_000)) {
    throw new Error('--points precisa ser um número inteiro de 0 a 10.000.000.');
  }
  if (points === undefined && invoice.total_cents === null) {
    throw new Error('Esta nota não tem valor total (foi enviada sem XML). Informe os pontos com --points N.');
  }
  return approve(db, invoice, { note: 'Aprovada na análise.', ...(points === undefined ? {} : { points }) }, now);
}

export async function rejectInvoice(deps: OperatorDeps, invoiceId: number, reason: string): Promise<InvoiceRow> {
  const { db } = deps;
  const now = nowOf(deps);
  const text = reason.trim();
  if (text.length < 3 || text.length > 500)
    throw new Error('Informe o motivo da recusa (3 a 500 caracteres) com --reason.');
  const invoice = await repo.findInvoiceById(db, invoiceId);
  if (!invoice) throw new Error(`Nota ${invoiceId} não encontrada.`);
  if (invoice.status === 'approved' || invoice.status === 'rejected') throw new Error('Esta nota já foi analisada.');
  // The member's notification is written with the refusal (in the caller's transaction when given one).
  const run = <T>(work: (trx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  const rejected = await run(async (trx) => {
    const row = await setStatus(trx, invoiceId, 'rejected', text, now, { rejection_reason: text });
    await notify(
      trx,
      { type: 'invoice-refused', userId: invoice.user_id, label: invoiceLabel(invoice), reason: text },
      now,
    );
    return row;
  });
  countBusiness.invoice('refused');
  return rejected;
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
  const run = <T>(work: (trx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return run(async (trx) => {
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
