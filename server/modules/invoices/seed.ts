import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SEED_STORES, seedStores } from '../stores/seed';

/** Registered stores: an XML invoice from one of them, inside the purchase window, is approved automatically. */
export const REGISTERED_STORES = SEED_STORES;

export async function seedInvoiceReferenceData(db: Kysely<Database>): Promise<void> {
  await seedStores(db);
}
