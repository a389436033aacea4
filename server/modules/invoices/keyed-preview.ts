// What a photo's keyed lines would earn, before the reviewer approves: the same rules (previewEarning) at the
// invoice's store and date as the approval, writing nothing.
import { displayGtin } from '../../../common/validation/gtin';
import { isProductLine, PRODUCT_LINE_LABELS } from '../../../common/products/lines';
import type { Db } from '../../db/schema';
import { parseId } from '../../graphql/ids';
import { notFound } from '../../errors/api-errors';
import { previewEarning } from '../points';
import { productsByGtin } from '../products';
import { INVOICE_ACTION_MESSAGES, keyedPurchase, validKeyedItems, type KeyedItem } from './actions';
import * as repo from './repository';

export interface KeyedLinePreview {
  readonly gtin: string;
  /** Null when the GTIN is not the brand's ("não participa"). */
  readonly productName: string | null;
  readonly line: string | null;
  readonly quantity: string;
  readonly valueCents: number;
  readonly participates: boolean;
  readonly points: number;
  /** The rules that gave the line points: its line's base, and each campaign. */
  readonly rules: string[];
}

export interface KeyedPreview {
  readonly lines: KeyedLinePreview[];
  readonly total: number;
}

/** Each keyed line's product, points and rules, and the total the approval would credit now. */
export async function previewKeyedItems(
  db: Db,
  invoiceIdText: string,
  items: readonly KeyedItem[],
): Promise<KeyedPreview> {
  const invoiceId = parseId(invoiceIdText);
  const invoice = invoiceId === null ? undefined : await repo.findInvoiceById(db, invoiceId);
  if (!invoice) throw notFound(INVOICE_ACTION_MESSAGES.notFound);
  const purchase = keyedPurchase(invoice, validKeyedItems(items));
  const gtins = [...new Set(purchase.items.map((i) => i.gtin!))];
  const [earning, products] = await Promise.all([
    previewEarning(db, invoice.user_id, purchase),
    productsByGtin(db, gtins),
  ]);
  const byGtin = new Map(products.map((p) => [p.gtin, p]));
  const points = new Map<number, number>();
  const rules = new Map<number, string[]>();
  for (const part of [...earning.base, ...earning.campaigns])
    for (const item of part.items) {
      points.set(item.index, (points.get(item.index) ?? 0) + item.points);
      rules.set(item.index, [...(rules.get(item.index) ?? []), part.rule.name]);
    }
  return {
    lines: purchase.items.map((item) => {
      const product = byGtin.get(item.gtin!);
      return {
        gtin: displayGtin(item.gtin!),
        productName: product?.name ?? null,
        line: product ? (isProductLine(product.line) ? PRODUCT_LINE_LABELS[product.line] : product.line) : null,
        quantity: item.quantity,
        valueCents: item.valueCents,
        participates: product !== undefined,
        points: points.get(item.index) ?? 0,
        rules: rules.get(item.index) ?? [],
      };
    }),
    total: earning.total,
  };
}
