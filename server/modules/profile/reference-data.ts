import municipios from '../../db/data/municipios.json';
import type { Db } from '../../db/schema';

/** Equipment of the workshop survey. */
export const EQUIPMENTS: readonly string[] = [
  'Serra circular de bancada',
  'Serra esquadrejadeira',
  'Seccionadora',
  'Coladeira de bordas',
  'Tupia',
  'Router CNC',
  'Plaina desengrossadeira',
  'Desempenadeira',
  'Furadeira de bancada',
  'Furadeira múltipla',
  'Serra de fita',
  'Serra tico-tico',
  'Serra meia-esquadria',
  'Lixadeira',
  'Parafusadeira',
  'Compressor e pistola de pintura',
  'Cabine de pintura',
];

/**
 * Equipment and the shipped IBGE municipalities (every capital and the largest municipalities of each state; the
 * member may type any other). Safe to run on every start: existing rows are left alone.
 */
export async function seedProfileReferenceData(db: Db): Promise<void> {
  await db
    .insertInto('equipments')
    .values(EQUIPMENTS.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const states = await db.selectFrom('states').select(['id', 'uf']).execute();
  const rows = states.flatMap((s) =>
    ((municipios as Record<string, string[]>)[s.uf] ?? []).map((name) => ({ state_id: s.id, name })),
  );
  // Chunks keep each statement far below SQLite's bound-variable limit.
  for (let i = 0; i < rows.length; i += 400) {
    await db
      .insertInto('cities')
      .values(rows.slice(i, i + 400))
      .onConflict((oc) => oc.columns(['state_id', 'name']).doNothing())
      .execute();
  }
}
