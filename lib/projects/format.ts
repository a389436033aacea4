import { lazyFormat } from '@/common/format/lazy-format';
import type { ProjectFieldsFragment } from '../graphql/generated/graphql';

const LONG_MONTH = lazyFormat(
  () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'long', year: 'numeric' }),
);

/** "2026-03" → "março de 2026" (a calendar month, so read in UTC: no zone can move it to the month before). */
export function formatLongMonth(yearMonth: string): string {
  return LONG_MONTH().format(new Date(`${yearMonth}-15T12:00:00Z`));
}

/** "2026-03" → "03/2026", as an invoice's issue month is printed on it. */
export function formatNumericMonth(yearMonth: string): string {
  const [year, month] = yearMonth.split('-');
  return `${month}/${year}`;
}

type ProjectInvoice = ProjectFieldsFragment['invoices'][number];

/** "NF-e nº 123 · Loja X · 03/2026"; the store is left out when the API does not know its name. */
export function invoiceLine(invoice: ProjectInvoice): string {
  return [`NF-e nº ${invoice.number}`, invoice.issuerName, formatNumericMonth(invoice.issuedMonth)]
    .filter(Boolean)
    .join(' · ');
}

type Product = ProjectFieldsFragment['products'][number];

export interface ProductGroup {
  category: string;
  products: Product[];
}

/** Products under their category, categories in the order the member chose their first product of each. */
export function groupProducts(products: readonly Product[]): ProductGroup[] {
  const groups = new Map<string, Product[]>();
  for (const product of products) {
    const group = groups.get(product.category);
    if (group) group.push(product);
    else groups.set(product.category, [product]);
  }
  return [...groups].map(([category, items]) => ({ category, products: items }));
}

/** Splits the form's "YYYY-MM" (either part may still be empty) into its year and month. */
export function splitMonth(value: string): { year: string; month: string } {
  const [year = '', month = ''] = value.split('-');
  return { year, month };
}
