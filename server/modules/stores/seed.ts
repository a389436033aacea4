import type { Db } from '../../db/schema';
import { insertMissingStores } from './repository';

export interface SeedStore {
  /** Invoices from this CNPJ are matched to the store (and may be approved automatically). */
  cnpj: string;
  slug: string;
  name: string;
  city: string;
  uf: string;
}

/** The partner stores every club starts with; `loja-centro` is the store docs/ and the benchmarks use for a link. */
export const SEED_STORES: readonly SeedStore[] = [
  { cnpj: '58716523000119', slug: 'madeireira-paulista', name: 'Madeireira Paulista', city: 'São Paulo', uf: 'SP' },
  {
    cnpj: '11222333000181',
    slug: 'casa-do-marceneiro-curitiba',
    name: 'Casa do Marceneiro Curitiba',
    city: 'Curitiba',
    uf: 'PR',
  },
  {
    cnpj: '45997418000153',
    slug: 'ferragens-e-chapas-minas',
    name: 'Ferragens e Chapas Minas',
    city: 'Belo Horizonte',
    uf: 'MG',
  },
  {
    cnpj: '12ABC34501DE35',
    slug: 'deposito-de-mdf-alfa',
    name: 'Depósito de MDF Alfa (CNPJ alfanumérico)',
    city: 'Porto Alegre',
    uf: 'RS',
  },
  { cnpj: '33000167000101', slug: 'loja-centro', name: 'Loja Centro Chapas e Ferragens', city: 'Goiânia', uf: 'GO' },
];

export async function seedStores(db: Db): Promise<void> {
  await insertMissingStores(db, SEED_STORES);
}
