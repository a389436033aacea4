import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/schema';
import { readCatalogueCsv } from './catalogue-csv';
import { listProducts, upsertProducts } from './repository';

/** The brand's catalogue shipped with the app, beside the content (copied with it into the server's image). */
export const SEED_CATALOGUE_FILE = path.resolve(__dirname, '..', '..', '..', 'content', 'produtos', 'produtos.csv');

/**
 * At every start: the shipped catalogue's products that the database does not have yet. A product already there is
 * left as it is, so what an operator imported later is not undone by a restart.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const reading = readCatalogueCsv(readFileSync(SEED_CATALOGUE_FILE, 'utf8'));
  if (!reading.ok) throw new Error(`${SEED_CATALOGUE_FILE}:\n${reading.errors.join('\n')}`);
  const known = new Set((await listProducts(db)).map((p) => p.gtin));
  const missing = reading.products.filter((p) => !known.has(p.gtin));
  if (missing.length > 0) await upsertProducts(db, missing, new Date().toISOString());
}
