import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertRegisteredStores } from './repository';

/** Registered stores: an XML invoice from one of them, inside the purchase window, is approved automatically. */
export const REGISTERED_STORES: readonly { cnpj: string; name: string }[] = [
  { cnpj: '58716523000119', name: 'Madeireira Paulista' },
  { cnpj: '11222333000181', name: 'Casa do Marceneiro Curitiba' },
  { cnpj: '45997418000153', name: 'Ferragens e Chapas Minas' },
  { cnpj: '12ABC34501DE35', name: 'Depósito de MDF Alfa (CNPJ alfanumérico)' },
];

export async function seedInvoiceReferenceData(db: Kysely<Database>): Promise<void> {
  await insertRegisteredStores(db, REGISTERED_STORES);
}
