// What each item of an approved invoice earned, as the member reads it on the invoice's card.
import type { NfeItem } from '../../../common/invoices/nfe-xml';
import type { Db, InvoiceRow } from '../../db/schema';
import { earningsOfInvoice } from '../points';
import { productLines } from '../products';

export interface InvoiceEarningView {
  items: {
    description: string;
    quantity: string;
    unit: string;
    valueCents: number;
    participates: boolean;
    points: number | null;
  }[];
  campaigns: { name: string; points: number }[];
}

/** Null without an XML: a photo or a PDF has no items to read. */
export async function earningView(db: Db, invoice: InvoiceRow): Promise<InvoiceEarningView | null> {
  if (invoice.has_xml !== 1) return null;
  const items = invoice.items_json ? (JSON.parse(invoice.items_json) as NfeItem[]) : [];
  const gtins = [...new Set(items.flatMap((i) => (i.gtin ? [i.gtin] : [])))];
  const [lines, rows] = await Promise.all([
    productLines(db, gtins),
    invoice.status === 'approved' ? earningsOfInvoice(db, invoice.id) : Promise.resolve([]),
  ]);
  const byItem = new Map<number, number>();
  const byCampaign = new Map<number, { name: string; points: number }>();
  for (const row of rows) {
    byItem.set(row.item_index, (byItem.get(row.item_index) ?? 0) + row.points);
    if (row.kind === 'base') continue;
    const campaign = byCampaign.get(row.rule_id) ?? { name: row.name, points: 0 };
    campaign.points += row.points;
    byCampaign.set(row.rule_id, campaign);
  }
  const approved = invoice.status === 'approved';
  return {
    items: items.map((item, index) => {
      const participates = Boolean(item.gtin && lines.has(item.gtin));
      return {
        description: item.description,
        quantity: item.quantity,
        unit: item.unit,
        valueCents: Math.max(0, item.totalCents - (item.discountCents ?? 0)),
        participates,
        points: approved && participates ? (byItem.get(index) ?? 0) : null,
      };
    }),
    campaigns: [...byCampaign.values()],
  };
}
