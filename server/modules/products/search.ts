// A reviewer's search of the catalogue: by name (accents and case ignored) or by the GTIN's digits.
import { PRODUCT_LINE_LABELS, isProductLine } from '../../../common/products/lines';
import { displayGtin } from '../../../common/validation/gtin';
import type { BrandProductRow, Db } from '../../db/schema';
import { listProducts } from './repository';

/** Products one search answers. */
export const PRODUCT_SEARCH_MAX = 20;
/** Longest search text read. */
const SEARCH_MAX_LENGTH = 100;

/** Lower case without accents: how a search and a name are compared. */
export const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export interface ProductFound {
  readonly gtin: string;
  readonly sku: string;
  readonly name: string;
  readonly line: string;
  readonly lineName: string;
  readonly unit: string;
}

/** A catalogue row as people read it: the GTIN as printed, the line's name beside its code. */
export const productView = (p: BrandProductRow): ProductFound => ({
  gtin: displayGtin(p.gtin),
  sku: p.sku,
  name: p.name,
  line: p.line,
  lineName: isProductLine(p.line) ? PRODUCT_LINE_LABELS[p.line] : p.line,
  unit: p.unit,
});

/**
 * The catalogue's products whose name holds every word of `search`, or whose GTIN holds its digits (a typed or
 * scanned barcode), by name; none for an empty search. The catalogue is small (up to 10,000 products), read whole.
 */
export async function searchProducts(db: Db, search: string): Promise<ProductFound[]> {
  const text = folded(search.slice(0, SEARCH_MAX_LENGTH).trim());
  if (text === '') return [];
  const digits = /^[\d\s.-]+$/.test(text) ? text.replace(/\D/g, '') : null;
  const words = text.split(/\s+/);
  const products = await listProducts(db);
  return products
    .filter((p) => (digits !== null && p.gtin.includes(digits)) || words.every((w) => folded(p.name).includes(w)))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .slice(0, PRODUCT_SEARCH_MAX)
    .map(productView);
}
