// The catalogue's use cases: `npm run products -- import|list` and the painel's /painel/produtos adapt their input to these.
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { nowOf, type OperatorDeps } from '../service-deps';
import { recordAudit, type AuditActor } from '../staff';
import { readCatalogueCsv } from './catalogue-csv';
import * as repo from './repository';
import { folded, productView, type ProductFound } from './search';

export interface CatalogueImport {
  readonly added: number;
  readonly updated: number;
  readonly unchanged: number;
}

/**
 * Imports a catalogue file: adds new GTINs and updates known ones, in one transaction with its audit line. Any
 * refused line refuses the whole file (DomainError listing each line), so a catalogue is never half imported.
 * Products missing from the file stay: a product the brand stops making still explains the points it gave.
 */
export async function importCatalogue(deps: OperatorDeps, actor: AuditActor, text: string): Promise<CatalogueImport> {
  const reading = readCatalogueCsv(text);
  if (!reading.ok) throw new DomainError('BAD_USER_INPUT', reading.errors.join('\n'), 'file');
  const at = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const result = await repo.upsertProducts(trx, reading.products, at.toISOString());
    await recordAudit(
      trx,
      actor,
      { action: 'products.import', object: { type: 'catalogue', id: 'produtos' }, after: { ...result } },
      at,
    );
    return result;
  });
}

/** A product as the painel and the terminal show it. */
export type CatalogueEntry = ProductFound;

/** The whole catalogue, by line and name. */
export async function catalogue(deps: Pick<OperatorDeps, 'db'>): Promise<CatalogueEntry[]> {
  return (await repo.listProducts(deps.db)).map(productView);
}

/** The products whose name, SKU, GTIN or line holds the search (accents and case ignored); all without one. */
export function searchCatalogue(products: readonly CatalogueEntry[], search?: string | null): CatalogueEntry[] {
  const words = folded(search?.trim().slice(0, 100) ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((p) => {
    const text = folded(`${p.name} ${p.sku} ${p.gtin} ${p.line}`);
    return words.every((w) => text.includes(w));
  });
}
