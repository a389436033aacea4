import { sql } from 'kysely';
import { containsPattern } from '../../db/like';
import type { Db, UserRow, UserUpdate } from '../../db/schema';
import { compiledQuery } from '../../db/compiled-query';
import { lastingMemo } from '../../db/lasting-memo';
import { hashPassword } from '../../auth/passwords';

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByCpf(db: Db, cpf: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('cpf', '=', cpf).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * Members whose full name holds every one of `words` (any case), by name; `limit` rows. A scan of the members table:
 * support looks a member up a few times an hour, not on every request.
 */
export function searchUsersByName(db: Db, words: readonly string[], limit: number): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  for (const word of words) {
    const pattern = containsPattern(word);
    query = query.where(sql<boolean>`lower(name || ' ' || sur_name) like ${pattern} escape '!'`);
  }
  return query.orderBy('name').orderBy('sur_name').orderBy('id').limit(limit).execute();
}

/** `phone` is DDD + number digits, as stored. */
export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
}

export async function updateUser(db: Db, id: number, changes: UserUpdate, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function findCareer(db: Db, id: number) {
  return db.selectFrom('careers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findState(db: Db, id: number) {
  return db.selectFrom('states').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCity(db: Db, id: number) {
  return db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
}

interface ProfileReferenceNames {
  career_name: string | null;
  career_wood_work_related: number | null;
  state_uf: string | null;
  city_name: string | null;
}

const profileReferences = compiledQuery<
  [careerId: number | null, stateId: number | null, cityId: number | null],
  ProfileReferenceNames
>(3, (db, careerId, stateId, cityId) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('careers').select('careers.name').where('careers.id', '=', careerId).as('career_name'),
    eb
      .selectFrom('careers')
      .select('careers.wood_work_related')
      .where('careers.id', '=', careerId)
      .as('career_wood_work_related'),
    eb.selectFrom('states').select('states.uf').where('states.id', '=', stateId).as('state_uf'),
    eb.selectFrom('cities').select('cities.name').where('cities.id', '=', cityId).as('city_name'),
  ]),
);

/** Careers, states and cities are reference rows: added (a new city), never changed, so `me` reads each set once. */
const referenceNames = lastingMemo<ProfileReferenceNames>(5_000);

/** The member's career, state and city, each or none, in one lookup of their ids (compiled once: read by `me`). */
export async function findProfileReferences(
  db: Db,
  user: Pick<UserRow, 'career_id' | 'state_id' | 'city_id'>,
): Promise<{
  career: { id: number; name: string; wood_work_related: number } | undefined;
  state: { id: number; uf: string } | undefined;
  city: { id: number; name: string } | undefined;
}> {
  if (user.career_id === null && user.state_id === null && user.city_id === null) {
    return { career: undefined, state: undefined, city: undefined };
  }
  const key = `${user.career_id}:${user.state_id}:${user.city_id}`;
  const row = await referenceNames(db, key, async () => {
    const [found] = await profileReferences(db, user.career_id, user.state_id, user.city_id);
    // Kept only when every id named was found: a city added later must not stay missing.
    const complete =
      found &&
      (user.career_id === null || found.career_name != null) &&
      (user.state_id === null || found.state_uf != null) &&
      (user.city_id === null || found.city_name != null);
    return complete ? found : undefined;
  });
  return {
    career:
      user.career_id !== null && row?.career_name != null
        ? { id: user.career_id, name: row.career_name, wood_work_related: Number(row.career_wood_work_related) }
        : undefined,
    state: user.state_id !== null && row?.state_uf != null ? { id: user.state_id, uf: row.state_uf } : undefined,
    city: user.city_id !== null && row?.city_name != null ? { id: user.city_id, name: row.city_name } : undefined,
  };
}

/**
 * Everything needed to create a member as tests, the seed and the e2e setup see it: a plain password, and any
 * profile fields left out stay empty, so incomplete, disabled or must-change-password members are one call away.
 */
export interface CreateMemberInput {
  name: string;
  surName: string;
  /** 11 digits or masked. */
  cpf: string;
  email: string;
  password: string;
  emailConfirmed?: boolean;
  /** DDD + number, digits or masked; no country code. */
  phoneNumber?: string | null;
  phoneVerified?: boolean;
  /** YYYY-MM-DD. */
  birthDate?: string | null;
  gender?: string | null;
  /** Career by name, e.g. 'Marceneiro'. */
  careerName?: string | null;
  cep?: string | null;
  address?: string | null;
  number?: string | null;
  complement?: string | null;
  district?: string | null;
  /** State by UF, e.g. 'SP'. */
  stateUf?: string | null;
  /** City by name inside stateUf. */
  cityName?: string | null;
  profileImage?: string | null;
  acceptEmailComunications?: boolean;
  acceptMessageComunications?: boolean;
  chatbotInvoiceUploadEnabled?: boolean;
  subsidiarySlug?: string | null;
  accountType?: string | null;
  changePasswordRequired?: boolean;
  consentPending?: boolean;
  disabled?: boolean;
  /** Overrides the argon2 parameters; tests use it to store a weaker hash. */
  passwordHash?: string;
}

const digits = (value: string): string => value.replace(/\D/g, '');
const flag = (value: boolean | undefined): number => (value ? 1 : 0);

export async function createMember(db: Db, input: CreateMemberInput, now: Date = new Date()): Promise<UserRow> {
  const stamp = now.toISOString();
  const careerId = input.careerName
    ? (await db.selectFrom('careers').select('id').where('name', '=', input.careerName).executeTakeFirstOrThrow()).id
    : null;
  const stateId = input.stateUf
    ? (await db.selectFrom('states').select('id').where('uf', '=', input.stateUf).executeTakeFirstOrThrow()).id
    : null;
  let cityId: number | null = null;
  if (input.cityName) {
    if (stateId === null) throw new Error('cityName precisa de stateUf.');
    cityId = (
      await db
        .selectFrom('cities')
        .select('id')
        .where('state_id', '=', stateId)
        .where('name', '=', input.cityName)
        .executeTakeFirstOrThrow()
    ).id;
  }
  const phone = input.phoneNumber ? digits(input.phoneNumber) : null;
  return db
    .insertInto('users')
    .values({
      name: input.name,
      sur_name: input.surName,
      cpf: digits(input.cpf),
      email: input.email.trim().toLowerCase(),
      email_confirmed_at: input.emailConfirmed ? stamp : null,
      phone_number: phone,
      phone_number_prefix: phone ? '55' : null,
      phone_verified_at: phone && input.phoneVerified ? stamp : null,
      password_hash: input.passwordHash ?? (await hashPassword(input.password)),
      birth_date: input.birthDate ?? null,
      gender: input.gender ?? null,
      career_id: careerId,
      cep: input.cep ? digits(input.cep) : null,
      address: input.address ?? null,
      number: input.number ?? null,
      complement: input.complement ?? null,
      district: input.district ?? null,
      state_id: stateId,
      city_id: cityId,
      profile_image: input.profileImage ?? null,
      accept_email_comunications: flag(input.acceptEmailComunications),
      accept_message_comunications: flag(input.acceptMessageComunications),
      chatbot_invoice_upload_enabled: flag(input.chatbotInvoiceUploadEnabled),
      subsidiary_slug: input.subsidiarySlug ?? null,
      account_type: input.accountType ?? null,
      change_password_required: flag(input.changePasswordRequired),
      consent_pending: flag(input.consentPending),
      disabled_at: input.disabled ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
