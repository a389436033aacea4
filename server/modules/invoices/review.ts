// Review of a sent invoice: automatic approval of an authentic NF-e XML, and the steps a reviewer's approval and
// refusal share with it (actions.ts has those).
import type { NfeData, NfeItem } from '../../../common/invoices/nfe-xml';
import { todayInBrazil } from '../../../common/format/dates';
import type { Db, InvoiceRow, InvoiceStatus } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import type { ApiContext } from '../../graphql/context';
import { findUserById } from '../users';
import { appendEntries, creditPurchase, previewEarning, type Earning, type Purchase } from '../points';
import { limitReasons } from './auto-approval-limits';
import { HOLD_REASON_SEPARATOR } from './hold-reasons';
import { verifyNfe } from './nfe-trust/verify-nfe';
import { notify } from '../notifications';
import * as repo from './repository';
import { countBusiness } from '../../metrics/business';

/** Automatic approval: an XML invoice of a registered store, bought at most this many days ago. */
export const PURCHASE_WINDOW_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What an approval credits: the purchase's items through the earning rules, or the points a reviewer gave. */
export type ApprovalCredit = { readonly purchase: Purchase } | { readonly givenPoints: number };

/** The earning rules' figure for a waiting invoice: the base of the brand's items, and each campaign's bonus. */
export interface SuggestedPoints {
  readonly purchase: Purchase;
  readonly base: { readonly name: string; readonly points: number };
  readonly bonuses: readonly { readonly name: string; readonly points: number }[];
  readonly total: number;
}

/** The base credit's name where the painel lists the parts of a suggestion. */
const BASE_PART_NAME = 'Produtos da marca';

/**
 * The purchase an invoice's XML describes, for the earning rules: each item's GTIN and value (vProd − vDesc), the
 * store and its state, the purchase day. Null without an XML (a photo or a PDF).
 */
export function purchaseOf(invoice: InvoiceRow): Purchase | null {
  if (invoice.has_xml !== 1 || !invoice.issued_at) return null;
  const items = invoice.items_json ? (JSON.parse(invoice.items_json) as NfeItem[]) : [];
  return {
    items: items.map((item, index) => ({
      index,
      gtin: item.gtin ?? null,
      quantity: item.quantity,
      valueCents: Math.max(0, item.totalCents - (item.discountCents ?? 0)),
    })),
    storeCnpj: invoice.issuer_cnpj,
    uf: invoice.uf,
    day: todayInBrazil(new Date(invoice.issued_at)),
  };
}

const suggestionOf = (purchase: Purchase, earning: Earning): SuggestedPoints => ({
  purchase,
  base: { name: BASE_PART_NAME, points: earning.base.reduce((sum, part) => sum + part.points, 0) },
  bonuses: earning.campaigns.map((c) => ({ name: c.rule.name, points: c.points })),
  total: earning.total,
});

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
  const parts = xml ? await suggestionFor(db, invoice) : null;
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
  return runInTransaction(db, (trx) =>
    creditApproval(
      trx,
      invoice,
      { note: 'Aprovada automaticamente: XML de loja cadastrada.', credit: parts, automatic: true },
      now,
    ),
  );
}

export async function setStatus(
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
  return runInTransaction(db, async (trx) => {
    await repo.insertEvent(trx, { invoice_id: invoiceId, status, note: note || null, created_at: at });
    return repo.updateInvoice(trx, invoiceId, { status, updated_at: at, ...extra });
  });
}

export const invoiceLabel = (inv: InvoiceRow) => `${inv.model === 65 ? 'NFC-e' : 'NF-e'} nº ${inv.number}`;

/** What the earning rules give a waiting invoice with an XML; null for a photo or a PDF (the reviewer gives points). */
/** The earning rules' figure for a purchase of the member's (a photo's keyed lines, as an XML's items). */
export async function suggestionForPurchase(db: Db, userId: number, purchase: Purchase): Promise<SuggestedPoints> {
  return suggestionOf(purchase, await previewEarning(db, userId, purchase));
}

export async function suggestionFor(db: Db, invoice: InvoiceRow): Promise<SuggestedPoints | null> {
  const purchase = purchaseOf(invoice);
  return purchase ? suggestionOf(purchase, await previewEarning(db, invoice.user_id, purchase)) : null;
}

/**
 * Credits an invoice's points and marks it approved, the member told, in the caller's transaction (trx): the
 * automatic review's and the reviewer's approval (actions.ts) both end here. A purchase is credited by the earning
 * rules (its breakdown written beside the ledger); points a reviewer gave are one credit of that many.
 */
export async function creditApproval(
  trx: Db,
  invoice: InvoiceRow,
  options: { note: string; credit: ApprovalCredit; automatic?: boolean },
  now: Date,
): Promise<InvoiceRow> {
  const { credit } = options;
  const label = invoiceLabel(invoice);
  let total: number;
  if ('purchase' in credit) {
    const earning = await creditPurchase(
      trx,
      {
        userId: invoice.user_id,
        invoiceId: invoice.id,
        description: `${label} aprovada`,
        bonusDescription: (name) => `Bônus ${name} (${label})`,
      },
      credit.purchase,
      now,
    );
    total = earning.total;
  } else {
    total = credit.givenPoints;
    await appendEntries(
      trx,
      invoice.user_id,
      [
        {
          userId: invoice.user_id,
          kind: 'credit',
          points: total,
          description: `${label} aprovada`,
          invoiceId: invoice.id,
        },
      ],
      now,
    );
  }
  const approved = await setStatus(trx, invoice.id, 'approved', options.note, now, {
    points: total,
    rejection_reason: null,
    ...(options.automatic ? { auto_approved_at: now.toISOString() } : {}),
  });
  await notify(trx, { type: 'invoice-approved', userId: invoice.user_id, label, points: total }, now);
  countBusiness.invoice('approved');
  countBusiness.points('credited', total);
  return approved;
}
