// The stores from the terminal (`npm run stores`): list, add, disable and enable, and sign-ups per store per day.
import { z } from 'zod';
import { isValidCnpj } from '../../../lib/validation/cnpj';
import { isUniqueViolation } from '../../db/dialect';
import {
  findStoreByCnpj,
  findStoreBySlug,
  insertStore,
  listStores,
  setStoreActive,
  signUpsPerStoreDay,
} from './repository';
import { slugSchema } from './service';
import { stateByUf } from '../profile';
import { nowOf, type OperatorDeps } from '../service-deps';

export class StoreError extends Error {}

const TAKEN = 'Já existe uma loja com esse endereço (slug) ou CNPJ.';

const newStoreSchema = z.object({
  slug: slugSchema,
  name: z.string().trim().min(3, 'Informe o nome da loja com --name (3 a 80 letras).').max(80),
  city: z.string().trim().min(2, 'Informe a cidade com --city.').max(80),
  uf: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'Informe o estado com --uf, como SP.')),
  cnpj: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase().replace(/[^0-9A-Z]/g, ''))
    .refine((v) => v === '' || isValidCnpj(v), 'CNPJ inválido.')
    .optional(),
});

export interface NewStore {
  slug: string;
  name?: string;
  city?: string;
  uf?: string;
  cnpj?: string;
}

export async function addStore({ db }: OperatorDeps, input: NewStore) {
  const parsed = newStoreSchema.safeParse({
    ...input,
    name: input.name ?? '',
    city: input.city ?? '',
    uf: input.uf ?? '',
  });
  if (!parsed.success) throw new StoreError(parsed.error.issues[0]?.message ?? 'Dados da loja inválidos.');
  const { slug, name, city, uf, cnpj } = parsed.data;
  if (!(await stateByUf(db, uf))) throw new StoreError(`Estado ${uf} desconhecido.`);
  if ((await findStoreBySlug(db, slug)) || (cnpj && (await findStoreByCnpj(db, cnpj)))) throw new StoreError(TAKEN);
  try {
    return await insertStore(db, { slug, name, city, uf, cnpj: cnpj ? cnpj : null });
  } catch (error) {
    // Two adds racing: the unique indexes let one through.
    if (isUniqueViolation(error)) throw new StoreError(TAKEN);
    throw error;
  }
}

export async function setActive({ db }: OperatorDeps, slug: string, active: boolean): Promise<void> {
  if (!(await setStoreActive(db, slug, active))) throw new StoreError(`Nenhuma loja com o endereço ${slug}.`);
}

export const storesList = ({ db }: OperatorDeps) => listStores(db);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Sign-ups per store per São Paulo day for [from, to] (both YYYY-MM-DD, inclusive); the last 30 days by default. */
export async function storesReport(deps: OperatorDeps, from?: string, to?: string) {
  const { db } = deps;
  const now = nowOf(deps);
  for (const d of [from, to]) if (d !== undefined && !DAY.test(d)) throw new StoreError('Use datas como 2026-11-24.');
  const dayMs = 24 * 60 * 60 * 1000;
  const toDay = to ?? new Date(now.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const fromDay = from ?? new Date(Date.parse(`${toDay}T00:00:00Z`) - 29 * dayMs).toISOString().slice(0, 10);
  if (fromDay > toDay) throw new StoreError('A data inicial deve ser antes da final.');
  // São Paulo days start at 03:00 UTC.
  const fromAt = `${fromDay}T03:00:00.000Z`;
  const toAt = new Date(Date.parse(`${toDay}T03:00:00.000Z`) + dayMs).toISOString();
  return { fromDay, toDay, rows: await signUpsPerStoreDay(db, fromAt, toAt) };
}
