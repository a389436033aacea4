// Every query of the stores module: the partner stores and the sign-ups that came through them.
import type { Insertable } from 'kysely';
import { brasiliaDay } from '../../db/dialect';
import type { Db, StoresTable } from '../../db/schema';

export const findStoreBySlug = (db: Db, slug: string) =>
  db.selectFrom('stores').selectAll().where('slug', '=', slug).executeTakeFirst();

export const findStoreByCnpj = (db: Db, cnpj: string) =>
  db.selectFrom('stores').selectAll().where('cnpj', '=', cnpj).executeTakeFirst();

/** Stores with a sign-up link, by name. */
export const listStores = (db: Db) =>
  db.selectFrom('stores').selectAll().where('slug', 'is not', null).orderBy('name').execute();

export const insertStore = (db: Db, store: Insertable<StoresTable>) =>
  db.insertInto('stores').values(store).returningAll().executeTakeFirstOrThrow();

/** Sets the active flag; false when no store has the slug. */
export async function setStoreActive(db: Db, slug: string, active: boolean): Promise<boolean> {
  const result = await db
    .updateTable('stores')
    .set({ active: active ? 1 : 0 })
    .where('slug', '=', slug)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

/** Members who joined through each store, per São Paulo day, with created_at in [fromAt, toAt). */
export async function signUpsPerStoreDay(db: Db, fromAt: string, toAt: string) {
  const rows = await db
    .selectFrom('users')
    .innerJoin('stores', 'stores.slug', 'users.subsidiary_slug')
    .select((eb) => [
      'stores.slug as slug',
      'stores.name as name',
      brasiliaDay(db, 'users.created_at').as('day'),
      eb.fn.countAll<number | string>().as('signUps'),
    ])
    .where('users.created_at', '>=', fromAt)
    .where('users.created_at', '<', toAt)
    .groupBy(['stores.slug', 'stores.name', 'day'])
    .orderBy('day')
    .orderBy('stores.name')
    .execute();
  // PostgreSQL answers count() as a string (bigint).
  return rows.map((r) => ({ slug: r.slug ?? '', name: r.name, day: r.day, signUps: Number(r.signUps) }));
}
