// Every query of the stores module: the partner stores and the sign-ups that came through them.
import type { Insertable, Selectable } from 'kysely';
import { brasiliaDay } from '../../db/dialect';
import type { Db, StoresTable } from '../../db/schema';

export type StoreRow = Selectable<StoresTable>;

export const findStoreBySlug = (db: Db, slug: string) =>
  db.selectFrom('stores').selectAll().where('slug', '=', slug).executeTakeFirst();

export const findStoreByCnpj = (db: Db, cnpj: string) =>
  db.selectFrom('stores').selectAll().where('cnpj', '=', cnpj).executeTakeFirst();

/** Stores with a sign-up link, by name. */
export const listStores = (db: Db) =>
  db.selectFrom('stores').selectAll().where('slug', 'is not', null).orderBy('name').execute();

export const insertStore = (db: Db, store: Insertable<StoresTable>) =>
  db.insertInto('stores').values(store).returningAll().executeTakeFirstOrThrow();

export async function setStoreActive(db: Db, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('stores')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Adds the seeded stores that are missing (by CNPJ or slug), leaving existing rows as they are. */
export async function insertMissingStores(db: Db, stores: readonly Insertable<StoresTable>[]): Promise<void> {
  for (const store of stores) {
    const existing = await db
      .selectFrom('stores')
      .select(['id', 'slug'])
      .where((eb) =>
        eb.or([
          ...(store.cnpj ? [eb('cnpj', '=', store.cnpj)] : []),
          ...(store.slug ? [eb('slug', '=', store.slug)] : []),
        ]),
      )
      .executeTakeFirst();
    if (!existing) await db.insertInto('stores').values(store).execute();
    // A store registered by CNPJ before it had a sign-up link gets its link and place.
    else if (!existing.slug && store.slug)
      await db
        .updateTable('stores')
        .set({ slug: store.slug, city: store.city, uf: store.uf })
        .where('id', '=', existing.id)
        .execute();
  }
}

/** Members who joined through each store, per São Paulo day, with created_at in [fromAt, toAt); one store's alone
 * when `slug` is given. */
export async function signUpsPerStoreDay(db: Db, fromAt: string, toAt: string, slug?: string) {
  let query = db
    .selectFrom('users')
    .innerJoin('stores', 'stores.slug', 'users.subsidiary_slug')
    .select((eb) => [
      'stores.slug as slug',
      'stores.name as name',
      brasiliaDay(db, 'users.created_at').as('day'),
      eb.fn.countAll<number | string>().as('signUps'),
    ])
    .where('users.created_at', '>=', fromAt)
    .where('users.created_at', '<', toAt);
  if (slug !== undefined) query = query.where('users.subsidiary_slug', '=', slug);
  const rows = await query
    .groupBy(['stores.slug', 'stores.name', 'day'])
    .orderBy('day')
    .orderBy('stores.name')
    .execute();
  // PostgreSQL answers count() as a string (bigint).
  return rows.map((r) => ({ slug: r.slug ?? '', name: r.name, day: r.day, signUps: Number(r.signUps) }));
}

/** Members who joined through each store with created_at in [fromAt, toAt), by store slug. */
export async function signUpsPerStore(db: Db, fromAt: string, toAt: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['subsidiary_slug as slug', eb.fn.countAll<number | string>().as('signUps')])
    .where('subsidiary_slug', 'is not', null)
    .where('created_at', '>=', fromAt)
    .where('created_at', '<', toAt)
    .groupBy('subsidiary_slug')
    .execute();
  return new Map(rows.map((r) => [r.slug ?? '', Number(r.signUps)]));
}
