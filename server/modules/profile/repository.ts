import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badUserInput } from '../../graphql/errors';

type Db = Kysely<Database> | Transaction<Database>;

export const findWoodWorkByUser = (db: Db, userId: number) =>
  db.selectFrom('user_wood_works').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const findSurveyByWoodWork = (db: Db, woodWorkId: number) =>
  db.selectFrom('woodwork_surveys').selectAll().where('wood_work_id', '=', woodWorkId).executeTakeFirst();

export const surveyEquipments = (db: Db, surveyId: number) =>
  db
    .selectFrom('woodwork_survey_equipments as se')
    .innerJoin('equipments as e', 'e.id', 'se.equipment_id')
    .select(['e.id', 'e.name'])
    .where('se.survey_id', '=', surveyId)
    .orderBy('e.name')
    .execute();

/** The member's workshop row, created empty on first use. */
export async function ensureWoodWork(db: Db, userId: number, now: Date) {
  const existing = await findWoodWorkByUser(db, userId);
  if (existing) return existing;
  const stamp = now.toISOString();
  return db
    .insertInto('user_wood_works')
    .values({ user_id: userId, created_at: stamp, updated_at: stamp })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Lower case without accents or repeated spaces, to match "sao  paulo" with "São Paulo". */
export const cityKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The state and city ids of an address. A city of the shipped list is matched by name; a name outside it (the
 * list is partial) is kept as a member-typed city, so the member is never stuck.
 */
export async function resolveStateAndCity(
  db: Db,
  stateId: string,
  cityName: string,
  fieldPrefix = '',
): Promise<{ stateId: number; cityId: number }> {
  const state = await db.selectFrom('states').select('id').where('id', '=', Number(stateId)).executeTakeFirst();
  if (!state) {
    const message = 'Escolha o estado.';
    throw badUserInput(message, { [`${fieldPrefix}stateId`]: message });
  }
  const cities = await db
    .selectFrom('cities')
    .select(['id', 'name'])
    .where('state_id', '=', state.id)
    .orderBy('typed_by_member')
    .execute();
  const key = cityKey(cityName);
  const found = cities.find((c) => cityKey(c.name) === key);
  if (found) return { stateId: state.id, cityId: found.id };
  const created = await db
    .insertInto('cities')
    .values({ state_id: state.id, name: cityName.replace(/\s+/g, ' ').trim(), typed_by_member: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { stateId: state.id, cityId: created.id };
}
