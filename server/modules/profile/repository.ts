import { sql, type Insertable, type Updateable } from 'kysely';
import type { UserRow, UserWoodWorksTable, WoodworkSurveysTable, Db } from '../../db/schema';
import { foreignKeysOf } from '../../db/dialect';
import { findCareer, findCity, findState } from '../users';
import { badUserInput } from '../../errors/api-errors';

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

export const stateByUf = (db: Db, uf: string) =>
  db.selectFrom('states').selectAll().where('uf', '=', uf).executeTakeFirst();

export const allCareers = (db: Db) => db.selectFrom('careers').selectAll().orderBy('name').execute();

export const allStates = (db: Db) => db.selectFrom('states').selectAll().orderBy('name').execute();

/** The shipped cities of a state (not the ones members typed), by name. */
export const listedCitiesOf = (db: Db, stateId: number) =>
  db
    .selectFrom('cities')
    .select(['id', 'name'])
    .where('state_id', '=', stateId)
    .where('typed_by_member', '=', 0)
    .orderBy('name')
    .execute();

export const allEquipments = (db: Db) => db.selectFrom('equipments').selectAll().orderBy('name').execute();

export const countKnownEquipments = async (db: Db, ids: readonly number[]): Promise<number> =>
  (
    await db
      .selectFrom('equipments')
      .select('id')
      .where('id', 'in', [...ids])
      .execute()
  ).length;

export type WoodWorkChanges = Omit<Updateable<UserWoodWorksTable>, 'id' | 'user_id' | 'created_at'>;

export async function updateWoodWorkRow(db: Db, woodWorkId: number, changes: WoodWorkChanges): Promise<void> {
  await db.updateTable('user_wood_works').set(changes).where('id', '=', woodWorkId).execute();
}

/** Another member's workshop with this CNPJ, if any. */
export const cnpjHolder = (db: Db, cnpj: string, exceptUserId: number) =>
  db
    .selectFrom('user_wood_works')
    .select('id')
    .where('cnpj', '=', cnpj)
    .where('user_id', '!=', exceptUserId)
    .executeTakeFirst();

export type SurveyValues = Omit<Insertable<WoodworkSurveysTable>, 'id' | 'wood_work_id' | 'created_at'>;

/** Writes the workshop's survey (one per workshop) and replaces its equipment list; answers the survey id. */
export async function saveSurvey(
  db: Db,
  woodWorkId: number,
  values: SurveyValues,
  equipmentIds: readonly number[],
  stamp: string,
): Promise<number> {
  const current = await findSurveyByWoodWork(db, woodWorkId);
  const surveyId = current
    ? (await db.updateTable('woodwork_surveys').set(values).where('id', '=', current.id).execute(), current.id)
    : (
        await db
          .insertInto('woodwork_surveys')
          .values({ ...values, wood_work_id: woodWorkId, created_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  await db.deleteFrom('woodwork_survey_equipments').where('survey_id', '=', surveyId).execute();
  if (equipmentIds.length > 0) {
    await db
      .insertInto('woodwork_survey_equipments')
      .values(equipmentIds.map((e) => ({ survey_id: surveyId, equipment_id: e })))
      .execute();
  }
  return surveyId;
}

export async function insertConsentAnswer(
  db: Db,
  answer: { userId: number; accepted: boolean; message: string; at: string },
): Promise<void> {
  await db
    .insertInto('consent_answers')
    .values({
      user_id: answer.userId,
      accepted: answer.accepted ? 1 : 0,
      message: answer.message,
      answered_at: answer.at,
    })
    .execute();
}

/** The newest unused confirmation for an address other than the member's current one. */
export const newestOtherEmailConfirmation = (db: Db, user: Pick<UserRow, 'id' | 'email'>) =>
  db
    .selectFrom('email_confirmations')
    .select(['email', 'expires_at'])
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .where('email', '!=', user.email)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------------------------
// Data rights (LGPD): what the export reads and what the deletion erases, across the modules' tables.

export async function placeNamesOf(db: Db, user: Pick<UserRow, 'career_id' | 'state_id' | 'city_id'>) {
  const [career, state, city] = await Promise.all([
    user.career_id === null ? undefined : findCareer(db, user.career_id),
    user.state_id === null ? undefined : findState(db, user.state_id),
    user.city_id === null ? undefined : findCity(db, user.city_id),
  ]);
  return { career, state, city };
}

export const consentAnswersOf = (db: Db, userId: number) =>
  db
    .selectFrom('consent_answers')
    .select(['accepted', 'message', 'answered_at'])
    .where('user_id', '=', userId)
    .execute();

export const emailConfirmationsOf = (db: Db, userId: number) =>
  db
    .selectFrom('email_confirmations')
    .select(['email', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .execute();

export const sessionsOf = (db: Db, userId: number) =>
  db
    .selectFrom('refresh_tokens')
    .select(['created_at', 'expires_at', 'used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .execute();

export const pendingSignUpsOf = (db: Db, cpf: string) =>
  db.selectFrom('pending_signups').selectAll().where('cpf', '=', cpf).execute();

export const messageSubjectsTo = async (db: Db, recipients: readonly string[]) =>
  recipients.length === 0
    ? []
    : db
        .selectFrom('outbox')
        .select(['channel', 'recipient', 'subject', 'created_at'])
        .where('recipient', 'in', [...recipients])
        .execute();

/**
 * Rows of other modules' tables (invoices, points, survey answers…) that belong to the member: every table with a
 * user_id column, found in the database's catalogue, so a module added later is included without changing this code.
 */
export async function otherModulesRowsOf(
  db: Db,
  userId: number,
  knownTables: ReadonlySet<string>,
  clean: (row: Record<string, unknown>) => Record<string, unknown>,
): Promise<Record<string, unknown[]>> {
  // Kysely's introspection lists the tables of either database, without its own migration tables.
  const tables = (await db.introspection.getTables()).sort((a, b) => a.name.localeCompare(b.name));
  const out: Record<string, unknown[]> = {};
  const children: string[] = [];
  for (const { name, columns } of tables) {
    if (knownTables.has(name)) continue;
    if (!columns.some((c) => c.name === 'user_id')) {
      children.push(name);
      continue;
    }
    const rows = await sql<Record<string, unknown>>`
      SELECT * FROM ${sql.table(name)} WHERE user_id = ${userId}`.execute(db);
    out[name] = rows.rows.map(clean);
  }
  // One level further: rows that hang off the member's rows by a foreign key (an invoice's files and events).
  for (const name of children) {
    const keys = await foreignKeysOf(db, name);
    const key = keys.find((k) => k.table in out && !knownTables.has(k.table));
    if (!key) continue;
    const rows = await sql<Record<string, unknown>>`
      SELECT * FROM ${sql.table(name)} WHERE ${sql.ref(key.from)} IN (
        SELECT ${sql.ref(key.to)} FROM ${sql.table(key.table)} WHERE user_id = ${userId})`.execute(db);
    out[name] = rows.rows.map(clean);
  }
  return out;
}

/** Where the club's messages to the member went: the e-mail and the celular, as the outbox names them. */
export const recipientsOf = (user: Pick<UserRow, 'email' | 'phone_number'>): string[] =>
  [user.email, user.phone_number].filter((r): r is string => r !== null);

/**
 * The member's rows that no foreign key ties to the account, so no cascade reaches: codes sent to the member, sign-ups
 * started with the CPF, and the embedded default's outbox of messages to the e-mail or celular.
 */
export async function deleteUnlinkedRowsOf(
  trx: Db,
  user: Pick<UserRow, 'id' | 'cpf'>,
  recipients: readonly string[],
): Promise<void> {
  await trx.deleteFrom('verification_codes').where('subject', '=', String(user.id)).execute();
  await trx.deleteFrom('pending_signups').where('cpf', '=', user.cpf).execute();
  if (recipients.length > 0)
    await trx
      .deleteFrom('outbox')
      .where('recipient', 'in', [...recipients])
      .execute();
}

/** Removes and anonymises a closing account's personal data (inside the caller's transaction). */
export async function erasePersonalData(
  trx: Db,
  user: Pick<UserRow, 'id' | 'cpf'>,
  recipients: readonly string[],
  unusablePasswordHash: string,
  stamp: string,
): Promise<void> {
  await trx.deleteFrom('user_wood_works').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('email_confirmations').where('user_id', '=', user.id).execute();
  await deleteUnlinkedRowsOf(trx, user, recipients);
  await trx
    .updateTable('users')
    .set({
      name: 'Conta',
      sur_name: 'excluída',
      cpf: `excluido-${user.id}`,
      email: `excluido-${user.id}@conta-excluida.invalid`,
      email_confirmed_at: null,
      phone_number: null,
      phone_number_prefix: null,
      phone_verified_at: null,
      password_hash: unusablePasswordHash,
      birth_date: null,
      gender: null,
      cep: null,
      address: null,
      number: null,
      complement: null,
      district: null,
      city_id: null,
      profile_image: null,
      accept_email_comunications: 0,
      accept_message_comunications: 0,
      chatbot_invoice_upload_enabled: 0,
      consent_pending: 0,
      change_password_required: 0,
      disabled_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', user.id)
    .execute();
}
