import type { Db, UserRow } from '../../db/schema';
import { badUserInput, forbidden, notFound } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import {
  changeCnpjSchema,
  profileSchema,
  surveySchema,
  workshopSchema,
} from '../../../common/validation/profile-schema';
import { sortByName } from '../../../common/format/collate';
import {
  findCareer,
  findCity,
  findState,
  addressView,
  updateUser,
  CONSENT_MESSAGE,
  profileStatusOf,
  type AddressView,
  type ProfileStatus,
  requireMember,
} from '../users';
import {
  ensureWoodWork,
  findSurveyByWoodWork,
  findWoodWorkByUser,
  resolveStateAndCity,
  surveyEquipments,
} from './repository';
import { nowOf, type ServiceDeps } from '../service-deps';
import * as repo from './repository';
import { drainUploads, type FileUpload } from '../../uploads/file-upload';
import { receivePhoto, removePhoto, storePhoto } from './profile-image';

/** A CNPJ may change once every 90 days (setting the first one is free): points follow the company. */
export const CNPJ_CHANGE_INTERVAL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PROFILE_MESSAGES = {
  cnpjTaken: 'Este CNPJ já está cadastrado por outro participante.',
  cnpjSame: 'Este já é o seu CNPJ.',
  cnpjTooSoon: (date: string) => `O CNPJ só pode ser alterado de novo a partir de ${date}.`,
  career: 'Escolha sua profissão.',
  notWoodWork: 'A marcenaria é só para profissões ligadas à madeira. Atualize sua profissão no perfil.',
} as const;

/** An id argument that must name the member's own record: any other id answers NOT_FOUND, as if it did not exist. */
export function assertOwnId(given: string | null | undefined, own: number | undefined): void {
  if (given === null || given === undefined) return;
  if (own === undefined || given !== String(own)) throw notFound();
}

type Deps = ServiceDeps<'db' | 'config' | 'userId'>;

export async function updateProfile(deps: Deps, input: unknown): Promise<void> {
  const { db } = deps;
  const now = nowOf(deps);
  const user = await requireMember(db, deps.userId);
  const data = parseInput(
    profileSchema(() => now),
    input,
  );
  const career = await findCareer(db, Number(data.careerId));
  if (!career) throw badUserInput(PROFILE_MESSAGES.career, { careerId: PROFILE_MESSAGES.career });
  await db.transaction().execute(async (trx) => {
    const place = await resolveStateAndCity(trx, data.stateId, data.cityName);
    await updateUser(
      trx,
      user.id,
      {
        birth_date: data.birthDate,
        gender: data.gender,
        career_id: career.id,
        cep: data.cep,
        address: data.address,
        number: data.number,
        complement: data.complement,
        district: data.district,
        state_id: place.stateId,
        city_id: place.cityId,
        accept_email_comunications: data.acceptEmailComunications ? 1 : 0,
        accept_message_comunications: data.acceptMessageComunications ? 1 : 0,
      },
      now,
    );
  });
}

async function requireWoodWorkMember(db: Db, userId: number | null): Promise<UserRow> {
  const user = await requireMember(db, userId);
  const career = user.career_id === null ? undefined : await findCareer(db, user.career_id);
  if (career?.wood_work_related !== 1) throw forbidden(PROFILE_MESSAGES.notWoodWork);
  return user;
}

export async function updateWoodWork(deps: Deps, id: string | null | undefined, input: unknown): Promise<number> {
  const { db, userId } = deps;
  const now = nowOf(deps);
  const user = await requireMember(db, userId);
  assertOwnId(id, (await findWoodWorkByUser(db, user.id))?.id);
  await requireWoodWorkMember(db, userId);
  const data = parseInput(workshopSchema, input);
  return db.transaction().execute(async (trx) => {
    const place =
      data.stateId !== null && data.cityName !== null
        ? await resolveStateAndCity(trx, data.stateId, data.cityName)
        : null;
    if (data.stateId !== null && place === null) {
      if (!(await findState(trx, Number(data.stateId))))
        throw badUserInput('Escolha o estado.', { stateId: 'Escolha o estado.' });
    }
    const row = await ensureWoodWork(trx, user.id, now);
    await repo.updateWoodWorkRow(trx, row.id, {
      corporate_name: data.corporateName,
      fantasy_name: data.fantasyName,
      cep: data.cep,
      address: data.address,
      number: data.number,
      complement: data.complement,
      district: data.district,
      state_id: place?.stateId ?? (data.stateId === null ? null : Number(data.stateId)),
      city_id: place?.cityId ?? null,
      site_url: data.siteUrl,
      instagram_url: data.instagramUrl,
      facebook_url: data.facebookUrl,
      updated_at: now.toISOString(),
    });
    return row.id;
  });
}

export async function updateSurvey(deps: Deps, id: string | null | undefined, input: unknown): Promise<number> {
  const { db, userId } = deps;
  const now = nowOf(deps);
  const user = await requireMember(db, userId);
  const woodWork = await findWoodWorkByUser(db, user.id);
  const existing = woodWork ? await findSurveyByWoodWork(db, woodWork.id) : undefined;
  assertOwnId(id, existing?.id);
  await requireWoodWorkMember(db, userId);
  const data = parseInput(surveySchema, input);
  if (data.equipmentIds.length > 0) {
    if ((await repo.countKnownEquipments(db, data.equipmentIds.map(Number))) !== data.equipmentIds.length) {
      throw badUserInput('Equipamento inválido.', { equipmentIds: 'Equipamento inválido.' });
    }
  }
  const stamp = now.toISOString();
  const values = {
    employees_amount: data.employeesAmount,
    customer_type: data.customerType,
    bedroom_project_grade: data.bedroomProjectGrade,
    kitchen_project_grade: data.kitchenProjectGrade,
    bathroom_project_grade: data.bathroomProjectGrade,
    laundry_project_grade: data.laundryProjectGrade,
    living_room_project_grade: data.livingRoomProjectGrade,
    other_project_types: data.otherProjectTypes,
    other_equipments: data.otherEquipments,
    updated_at: stamp,
  };
  return db.transaction().execute(async (trx) => {
    const ww = await ensureWoodWork(trx, user.id, now);
    return repo.saveSurvey(trx, ww.id, values, data.equipmentIds.map(Number), stamp);
  });
}

const brDate = (iso: string): string => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** The moment from which the CNPJ may change again, or null when it may change now. */
export function cnpjChangeAllowedFrom(cnpj: string | null, updatedAt: string | null, now: number): string | null {
  if (cnpj === null || updatedAt === null) return null;
  const from = Date.parse(updatedAt) + CNPJ_CHANGE_INTERVAL_DAYS * DAY_MS;
  return from > now ? new Date(from).toISOString() : null;
}

export async function updateCnpj(deps: Deps, input: unknown): Promise<number> {
  const { db } = deps;
  const now = nowOf(deps);
  const user = await requireMember(db, deps.userId);
  const { cnpj } = parseInput(changeCnpjSchema, input);
  const current = await findWoodWorkByUser(db, user.id);
  if (current?.cnpj === cnpj) throw badUserInput(PROFILE_MESSAGES.cnpjSame, { cnpj: PROFILE_MESSAGES.cnpjSame });
  const allowedFrom = cnpjChangeAllowedFrom(current?.cnpj ?? null, current?.cnpj_updated_at ?? null, now.getTime());
  if (allowedFrom) {
    const message = PROFILE_MESSAGES.cnpjTooSoon(brDate(allowedFrom));
    throw badUserInput(message, { cnpj: message });
  }
  const taken = await repo.cnpjHolder(db, cnpj, user.id);
  if (taken) throw badUserInput(PROFILE_MESSAGES.cnpjTaken, { cnpj: PROFILE_MESSAGES.cnpjTaken });
  return db.transaction().execute(async (trx) => {
    const row = await ensureWoodWork(trx, user.id, now);
    await repo.updateWoodWorkRow(trx, row.id, {
      cnpj,
      cnpj_updated_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    return row.id;
  });
}

export async function answerConsent(deps: Deps, accepted: boolean): Promise<ProfileStatus> {
  const { db } = deps;
  const now = nowOf(deps);
  const user = await requireMember(db, deps.userId);
  if (user.consent_pending !== 1) return profileStatusOf(user);
  await db.transaction().execute(async (trx) => {
    await repo.insertConsentAnswer(trx, {
      userId: user.id,
      accepted,
      // The text the member actually answered: an operator's own, or the standard one.
      message: user.consent_message ?? CONSENT_MESSAGE,
      at: now.toISOString(),
    });
    await updateUser(trx, user.id, { consent_pending: 0, consent_message: null }, now);
  });
  return profileStatusOf({ ...user, consent_pending: 0, consent_message: null });
}

export interface WoodWorkView extends AddressView {
  id: string;
  cnpj: string | null;
  cnpjUpdatedAt: string | null;
  cnpjChangeAllowedFrom: string | null;
  corporateName: string | null;
  fantasyName: string | null;
  siteUrl: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
  woodworkSurvey: () => Promise<SurveyView | null>;
}

export interface SurveyView {
  id: string;
  employeesAmount: number | null;
  customerType: string | null;
  bedroomProjectGrade: number | null;
  kitchenProjectGrade: number | null;
  bathroomProjectGrade: number | null;
  laundryProjectGrade: number | null;
  livingRoomProjectGrade: number | null;
  otherProjectTypes: string | null;
  equipments: { id: string; name: string }[];
  otherEquipments: string | null;
}

export async function surveyView(db: Db, woodWorkId: number): Promise<SurveyView | null> {
  const s = await findSurveyByWoodWork(db, woodWorkId);
  if (!s) return null;
  const equipments = await surveyEquipments(db, s.id);
  return {
    id: String(s.id),
    employeesAmount: s.employees_amount,
    customerType: s.customer_type,
    bedroomProjectGrade: s.bedroom_project_grade,
    kitchenProjectGrade: s.kitchen_project_grade,
    bathroomProjectGrade: s.bathroom_project_grade,
    laundryProjectGrade: s.laundry_project_grade,
    livingRoomProjectGrade: s.living_room_project_grade,
    otherProjectTypes: s.other_project_types,
    equipments: equipments.map((e) => ({ id: String(e.id), name: e.name })),
    otherEquipments: s.other_equipments,
  };
}

/** The member's workshop as the API shows it; null when the member never saved one. */
export async function woodWorkView(db: Db, userId: number, now: number): Promise<WoodWorkView | null> {
  const w = await findWoodWorkByUser(db, userId);
  if (!w) return null;
  const [state, city] = await Promise.all([
    w.state_id === null ? undefined : findState(db, w.state_id),
    w.city_id === null ? undefined : findCity(db, w.city_id),
  ]);
  return {
    id: String(w.id),
    cnpj: w.cnpj,
    cnpjUpdatedAt: w.cnpj_updated_at,
    cnpjChangeAllowedFrom: cnpjChangeAllowedFrom(w.cnpj, w.cnpj_updated_at, now),
    corporateName: w.corporate_name,
    fantasyName: w.fantasy_name,
    ...addressView(w, state, city),
    siteUrl: w.site_url,
    instagramUrl: w.instagram_url,
    facebookUrl: w.facebook_url,
    woodworkSurvey: () => surveyView(db, w.id),
  };
}

/** The pending e-mail: the newest unused, unexpired confirmation for an address other than the current one. */
export async function pendingEmailOf(db: Db, user: Pick<UserRow, 'id' | 'email'>, now: number): Promise<string | null> {
  const row = await repo.newestOtherEmailConfirmation(db, user);
  return row && Date.parse(row.expires_at) > now ? row.email : null;
}

const CEP_MESSAGE = 'CEP inválido. Use 8 números, como 01310-100.';

/** An address for a CEP, from the configured provider; members only, so the look-up is no open proxy. */
export async function lookUpCep(deps: ServiceDeps<'db' | 'userId' | 'cep'>, rawCep: string) {
  await requireMember(deps.db, deps.userId);
  const cep = rawCep.replace(/\D/g, '');
  if (cep.length !== 8 || rawCep.length > 12) throw badUserInput(CEP_MESSAGE, { cep: CEP_MESSAGE });
  const found = await deps.cep.lookup(cep);
  if (!found) return null;
  const state = await repo.stateByUf(deps.db, found.uf);
  return {
    cep,
    address: found.address,
    district: found.district,
    state: state ? { id: String(state.id), uf: state.uf, name: state.name } : null,
    cityName: found.cityName,
  };
}

/** The lists the profile forms choose from. */
export const referenceLists = {
  careers: async (db: Db) =>
    (await repo.allCareers(db)).map((c) => ({
      id: String(c.id),
      name: c.name,
      woodWorkRelated: c.wood_work_related === 1,
    })),
  // States and cities in pt-BR order (common/format/collate.ts): the databases sort "Paraná" before "Pará".
  states: async (db: Db) =>
    sortByName((await repo.allStates(db)).map((s) => ({ id: String(s.id), uf: s.uf, name: s.name }))),
  /** A state's listed cities; an id that is not a number has none. */
  cities: async (db: Db, stateId: string) =>
    /^\d{1,9}$/.test(stateId)
      ? sortByName((await repo.listedCitiesOf(db, Number(stateId))).map((c) => ({ id: String(c.id), name: c.name })))
      : [],
  equipments: async (db: Db) => (await repo.allEquipments(db)).map((e) => ({ id: String(e.id), name: e.name })),
};

/** The member's own workshop, asked for by its id: another member's id answers like a missing one. */
export async function ownWoodWork(deps: ServiceDeps<'db' | 'userId' | 'config'>, id: string | null | undefined) {
  const user = await requireMember(deps.db, deps.userId);
  assertOwnId(id, (await repo.findWoodWorkByUser(deps.db, user.id))?.id);
  return woodWorkView(deps.db, user.id, deps.config.now());
}

/** The member's own workshop survey, asked for by its id. */
export async function ownSurvey(deps: ServiceDeps<'db' | 'userId'>, id: string | null | undefined) {
  const user = await requireMember(deps.db, deps.userId);
  const ww = await repo.findWoodWorkByUser(deps.db, user.id);
  const survey = ww ? await repo.findSurveyByWoodWork(deps.db, ww.id) : undefined;
  assertOwnId(id, survey?.id);
  return ww ? surveyView(deps.db, ww.id) : null;
}

/** Replaces the member's photo (or removes it, without a file); the old file goes once the row points elsewhere. */
export async function replaceProfilePhoto(
  deps: ServiceDeps<'db' | 'userId' | 'storage' | 'config'>,
  upload: Promise<FileUpload> | null,
): Promise<void> {
  const user = await requireMember(deps.db, deps.userId).catch(async (error: unknown) => {
    // The multipart request ends only once its file is read.
    if (upload) await drainUploads([upload]);
    throw error;
  });
  const url = upload ? await storePhoto(deps.storage, await receivePhoto(upload)) : null;
  await updateUser(deps.db, user.id, { profile_image: url }, nowOf(deps));
  await removePhoto(deps.storage, user.profile_image);
}
