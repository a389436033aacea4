import type { Db, UserRow } from '../../db/schema';
import { forbidden, unauthenticated } from '../../errors/api-errors';
import type { ServiceDeps } from '../service-deps';
import { findProfileReferences, findUserById } from './repository';

/** Shown in the consent modal; one text for now, until consent terms are managed as content. */
export const CONSENT_MESSAGE =
  'Atualizamos nossa Política de Privacidade. Para continuar no Clube, leia e aceite os novos termos de uso dos seus dados.';

/** The exact message the client matches to log a disabled member out. */
export const USER_DISABLED_MESSAGE = 'User disabled';

export interface ProfileStatus {
  id: string;
  hasBasicProfile: boolean;
  hasPhoneNumber: boolean;
  hasConfirmedEmail: boolean;
  hasPointsPartnerIntegration: boolean;
  hasAccountType: boolean;
  showModalConsent: boolean;
  messageModalConsent: string | null;
  changePasswordRequired: boolean;
}

/** An address as the API returns it, for the member and for the workshop alike. */
export interface AddressView {
  cep: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  state: { id: string; uf: string } | null;
  city: { id: string; name: string } | null;
}

/** The address columns a member's and a workshop's rows share, with their state and city as the API names them. */
export function addressView(
  row: Pick<UserRow, 'cep' | 'address' | 'number' | 'complement' | 'district'>,
  state: { id: number; uf: string } | undefined,
  city: { id: number; name: string } | undefined,
): AddressView {
  return {
    cep: row.cep,
    address: row.address,
    number: row.number,
    complement: row.complement,
    district: row.district,
    state: state ? { id: String(state.id), uf: state.uf } : null,
    city: city ? { id: String(city.id), name: city.name } : null,
  };
}

export interface MeResult extends AddressView {
  id: string;
  name: string;
  surName: string;
  profileImage: string | null;
  phoneNumber: string | null;
  phoneNumberPrefix: string | null;
  email: string;
  cpf: string;
  birthDate: string | null;
  gender: string | null;
  career: { id: string; name: string; woodWorkRelated: boolean } | null;
  woodWorkRelated: boolean;
  acceptEmailComunications: boolean;
  acceptMessageComunications: boolean;
  chatbotInvoiceUploadEnabled: boolean;
  subsidiarySlug: string | null;
  accountType: string | null;
  profileStatus: ProfileStatus;
}

const filled = (value: string | number | null): boolean => value !== null && value !== '';

export function profileStatusOf(user: UserRow): ProfileStatus {
  const hasBasicProfile = [
    user.birth_date,
    user.gender,
    user.career_id,
    user.cep,
    user.address,
    user.number,
    user.district,
    user.state_id,
    user.city_id,
  ].every(filled);
  // Only members flagged when the terms changed are asked; consent answers are not stored yet.
  const showModalConsent = user.consent_pending === 1;
  return {
    id: String(user.id),
    hasBasicProfile,
    hasPhoneNumber: filled(user.phone_number) && user.phone_verified_at !== null,
    hasConfirmedEmail: user.email_confirmed_at !== null,
    // Resolved by the partner module (ProfileStatus.hasPointsPartnerIntegration): true while an account is linked.
    hasPointsPartnerIntegration: false,
    hasAccountType: user.account_type !== null,
    showModalConsent,
    messageModalConsent: showModalConsent ? (user.consent_message ?? CONSENT_MESSAGE) : null,
    changePasswordRequired: user.change_password_required === 1,
  };
}

/** Only the date part: rows may carry a full timestamp when written by other tools. */
const isoDate = (value: string | null): string | null => (value ? value.slice(0, 10) : null);

/**
 * The signed-in, enabled member, or the error the client acts on. Every member operation starts here: a token is
 * valid for 15 minutes, and an account deleted or disabled in that time must stop at once.
 */
export async function requireMember(db: Db, userId: number | null): Promise<UserRow> {
  if (userId === null) throw unauthenticated();
  return enabledMember(await findUserById(db, userId));
}

function enabledMember(user: UserRow | undefined): UserRow {
  if (!user) throw unauthenticated();
  if (user.disabled_at !== null) throw forbidden(USER_DISABLED_MESSAGE);
  return user;
}

/**
 * The signed-in member for `me`. `sessionUser` is the row the request's session check has just read (the query
 * `me` reads nothing else of the member before), which spares reading it again; a mutation's answer reads anew.
 */
export async function getCurrentMember(
  deps: ServiceDeps<'db' | 'userId'>,
  sessionUser: UserRow | null = null,
): Promise<MeResult> {
  const { db } = deps;
  const user =
    sessionUser !== null && sessionUser.id === deps.userId
      ? enabledMember(sessionUser)
      : await requireMember(db, deps.userId);

  const { career, state, city } = await findProfileReferences(db, user);
  const woodWorkRelated = career ? career.wood_work_related === 1 : false;

  return {
    id: String(user.id),
    name: user.name,
    surName: user.sur_name,
    profileImage: user.profile_image,
    phoneNumber: user.phone_number,
    phoneNumberPrefix: user.phone_number ? (user.phone_number_prefix ?? '55') : null,
    email: user.email,
    cpf: user.cpf,
    birthDate: isoDate(user.birth_date),
    gender: user.gender,
    career: career ? { id: String(career.id), name: career.name, woodWorkRelated } : null,
    woodWorkRelated,
    acceptEmailComunications: user.accept_email_comunications === 1,
    acceptMessageComunications: user.accept_message_comunications === 1,
    chatbotInvoiceUploadEnabled: user.chatbot_invoice_upload_enabled === 1,
    ...addressView(user, state, city),
    subsidiarySlug: user.subsidiary_slug,
    accountType: user.account_type,
    profileStatus: profileStatusOf(user),
  };
}
