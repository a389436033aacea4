import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** 0/1 integers: SQLite has no boolean type. */
type Flag = number;

export interface CareersTable {
  id: Generated<number>;
  name: string;
  wood_work_related: Flag;
}

export interface StatesTable {
  id: Generated<number>;
  uf: string;
  name: string;
}

export interface CitiesTable {
  id: Generated<number>;
  state_id: number;
  name: string;
  /** 1 for a city a member typed that is not in the shipped IBGE list; such cities are not offered to others. */
  typed_by_member: Generated<Flag>;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  sur_name: string;
  cpf: string;
  email: string;
  email_confirmed_at: string | null;
  phone_number: string | null;
  phone_number_prefix: string | null;
  phone_verified_at: string | null;
  password_hash: string;
  /** ISO date, YYYY-MM-DD. */
  birth_date: string | null;
  gender: string | null;
  career_id: number | null;
  cep: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  state_id: number | null;
  city_id: number | null;
  profile_image: string | null;
  accept_email_comunications: Flag;
  accept_message_comunications: Flag;
  chatbot_invoice_upload_enabled: Flag;
  subsidiary_slug: string | null;
  account_type: string | null;
  change_password_required: Flag;
  consent_pending: Flag;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  /** The token's jti. */
  id: string;
  user_id: number;
  family_id: string;
  /** sha256 hex of the whole token, so a leaked database row cannot be replayed as a token. */
  token_hash: string;
  /** jti of the token issued when this one was first used; tells the grace rule how far behind a reuse is. */
  replaced_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface PendingSignupsTable {
  id: string;
  name: string;
  sur_name: string;
  cpf: string;
  email: string;
  phone_number: string;
  birth_date: string;
  accept_email_comunications: Flag;
  accept_message_comunications: Flag;
  subsidiary_slug: string | null;
  terms_accepted_at: string;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

export type CodePurpose = 'signup' | 'phone' | 'reset';

export interface VerificationCodesTable {
  id: string;
  purpose: CodePurpose;
  /** What the code unlocks: a pending sign-up id, or a member id. */
  subject: string;
  /** Where it was sent: phone digits or e-mail. */
  destination: string;
  /** HMAC-SHA256 of the code under the server secret: six digits are too few to survive a plain hash. */
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface EmailConfirmationsTable {
  /** sha256 of a 32-byte random token. */
  token_hash: string;
  user_id: number;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: string;
}

export interface UserWoodWorksTable {
  id: Generated<number>;
  user_id: number;
  /** 14 characters, upper case, no punctuation (numeric or alphanumeric CNPJ). */
  cnpj: string | null;
  cnpj_updated_at: string | null;
  corporate_name: string | null;
  fantasy_name: string | null;
  cep: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  state_id: number | null;
  city_id: number | null;
  site_url: string | null;
  instagram_url: string | null;
  facebook_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface EquipmentsTable {
  id: Generated<number>;
  name: string;
}

export interface WoodworkSurveysTable {
  id: Generated<number>;
  wood_work_id: number;
  employees_amount: number | null;
  customer_type: string | null;
  bedroom_project_grade: number | null;
  kitchen_project_grade: number | null;
  bathroom_project_grade: number | null;
  laundry_project_grade: number | null;
  living_room_project_grade: number | null;
  other_project_types: string | null;
  other_equipments: string | null;
  created_at: string;
  updated_at: string;
}

export interface WoodworkSurveyEquipmentsTable {
  survey_id: number;
  equipment_id: number;
}

export interface ConsentAnswersTable {
  id: Generated<number>;
  user_id: number;
  accepted: Flag;
  /** The text the member answered. */
  message: string;
  answered_at: string;
}

export interface Database {
  user_wood_works: UserWoodWorksTable;
  equipments: EquipmentsTable;
  woodwork_surveys: WoodworkSurveysTable;
  woodwork_survey_equipments: WoodworkSurveyEquipmentsTable;
  consent_answers: ConsentAnswersTable;
  pending_signups: PendingSignupsTable;
  verification_codes: VerificationCodesTable;
  email_confirmations: EmailConfirmationsTable;
  outbox: OutboxTable;
  careers: CareersTable;
  states: StatesTable;
  cities: CitiesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
