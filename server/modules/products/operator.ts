// The catalogue's use cases for an operator: `npm run products -- import|list` (and, later, the painel).
import { displayGtin } from '../../../lib/validation/gtin';
import type { BrandProductRow } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { nowOf, type OperatorDeps } from '../service-deps';
import { recordAudit, type AuditActor } from '../staff';
import { readCatalogueCsv } from './catalogue-csv';
import * as repo from './repository';

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

export interface CatalogueEntry {
  /** As people read it (EAN-13 for the brand's). */
  readonly gtin: string;
  readonly sku: string;
  readonly name: string;
  readonly line: string;
  readonly unit: string;
}

const entryOf = (row: BrandProductRow): CatalogueEntry => ({
  gtin: displayGtin(row.gtin),
  sku: row.sku,
  name: row.name,
  line: row.line,
  unit: row.unit,
});

/** The whole catalogue, by line and name. */
export async function catalogue(deps: Pick<OperatorDeps, 'db'>): Promise<CatalogueEntry[]> {
  return (await repo.listProducts(deps.db)).map(entryOf);
}
