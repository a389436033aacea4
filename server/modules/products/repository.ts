// Every query of the products module: the brand's catalogue by GTIN-14.
import type { BrandProductRow, Db } from '../../db/schema';
import type { CatalogueProduct } from './catalogue-csv';

export const listProducts = (db: Db): Promise<BrandProductRow[]> =>
  db.selectFrom('brand_products').selectAll().orderBy('line').orderBy('name').execute();

export const productsByGtin = (db: Db, gtins: readonly string[]): Promise<BrandProductRow[]> =>
  gtins.length === 0
    ? Promise.resolve([])
    : db.selectFrom('brand_products').selectAll().where('gtin', 'in', gtins).execute();

/** The line of each of these GTIN-14 that is the brand's. */
export async function productLines(db: Db, gtins: readonly string[]): Promise<Map<string, string>> {
  return new Map((await productsByGtin(db, gtins)).map((p) => [p.gtin, p.line]));
}

/** Adds the new GTINs and updates the known ones; answers how many of each. */
export async function upsertProducts(
  db: Db,
  products: readonly CatalogueProduct[],
  at: string,
): Promise<{ added: number; updated: number; unchanged: number }> {
  const existing = new Map((await listProducts(db)).map((p) => [p.gtin, p]));
  let added = 0;
  let updated = 0;
  for (const p of products) {
    const old = existing.get(p.gtin);
    if (!old) {
      await db
        .insertInto('brand_products')
        .values({ ...p, updated_at: at })
        .execute();
      added += 1;
    } else if (old.sku !== p.sku || old.name !== p.name || old.line !== p.line || old.unit !== p.unit) {
      await db
        .updateTable('brand_products')
        .set({ sku: p.sku, name: p.name, line: p.line, unit: p.unit, updated_at: at })
        .where('gtin', '=', p.gtin)
        .execute();
      updated += 1;
    }
  }
  return { added, updated, unchanged: products.length - added - updated };
}
