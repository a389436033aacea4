import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

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
  /** The text of the consent modal an operator raised; null shows the standard privacy-policy text. */
  consent_message: string | null;
  /** The device session the sign-up was finished from, when the page reported one. */
  signup_device_session_id: string | null;
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
  /** Why the family ended: 'ended-elsewhere' (from "Aparelhos conectados", its device is told), 'logged-out'. */
  revoked_reason: string | null;
  /** The device session of the login or sign-up that started the family, carried to every rotated token. */
  device_session_id: string | null;
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

// ---- Invoices and points ----

/** A partner store: invoices are matched by its CNPJ, sign-ups come through its slug. */
export interface StoresTable {
  id: Generated<number>;
  cnpj: string | null;
  slug: string | null;
  name: string;
  city: string | null;
  /** Two-letter state. */
  uf: string | null;
  /** 0 once disabled: its sign-up link says so instead of linking anyone. */
  active: Generated<number>;
  created_at: Generated<string>;
}

/** A one-time code that sets a tablet up as a kiosk of a store (30 minutes, single use). */
export interface KioskCodesTable {
  code_hash: string;
  store_id: number;
  created_at: Generated<string>;
  expires_at: string;
  used_at: string | null;
}

/** A tablet set up as a store's kiosk; it proves itself with its key (only the hash is kept). */
export interface KiosksTable {
  id: string;
  store_id: number;
  key_hash: string;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
}

/** A link texted to a customer who started signing up at a kiosk, to finish on their own phone (24 h, once). */
export interface HandoffLinksTable {
  token_hash: string;
  signup_id: string;
  kiosk_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EarningRulesTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: 'base' | 'multiplier';
  points_per_real: Generated<number>;
  multiplier_percent: Generated<number>;
  /** YYYY-MM-DD, inclusive; null means open. */
  starts_on: string | null;
  ends_on: string | null;
  active: Generated<Flag>;
}

export type PointRuleKind = 'base' | 'multiplier' | 'bonus';

/** One version of an earning rule (docs/earning.md): never edited once created, except to end it and count its budget. */
export interface PointRulesTable {
  id: Generated<number>;
  code: string;
  version: number;
  name: string;
  kind: PointRuleKind;
  /** Base rules: points per R$ 1 ('real') or per unit ('unit'). */
  per: Generated<'real' | 'unit'>;
  /** Base: points per R$ 1 or unit; multiplier: percent (200 = double); bonus: points once per purchase. */
  rate: number;
  /** JSON arrays; null means any. GTINs as GTIN-14, stores by CNPJ. */
  lines: string | null;
  gtins: string | null;
  stores: string | null;
  ufs: string | null;
  /** Purchase dates, YYYY-MM-DD, inclusive; ends_on null means open. */
  starts_on: string;
  ends_on: string | null;
  cap_points: number | null;
  cap_period: 'campanha' | 'mes' | null;
  budget_points: number | null;
  budget_used: Generated<number>;
  resolution: Generated<'somar' | 'prioridade'>;
  priority: Generated<number>;
  created_at: string;
  created_by: string;
  ended_at: string | null;
  ended_by: string | null;
}

/** What one rule gave one item of an approved invoice, and the ledger entry that credited it. */
export interface InvoiceEarningsTable {
  id: Generated<number>;
  invoice_id: number;
  user_id: number;
  rule_id: number;
  item_index: number;
  points: number;
  /** YYYY-MM of the purchase date (São Paulo): the period of a monthly cap. */
  purchase_month: string;
  ledger_entry_id: number | null;
  created_at: string;
}

export type InvoiceStatus = 'received' | 'in_review' | 'approved' | 'rejected';

export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  access_key: string;
  idempotency_key: string;
  status: InvoiceStatus;
  uf: string;
  /** YYYY-MM from the key. */
  issued_month: string;
  issuer_cnpj: string;
  model: number;
  series: number;
  number: number;
  has_xml: Generated<Flag>;
  issuer_name: string | null;
  issued_at: string | null;
  total_cents: number | null;
  buyer_document: string | null;
  items_json: string | null;
  flag_reason: string | null;
  /** The device session the invoice was sent from, when the page reported one. */
  device_session_id: string | null;
  /** A fraud-prevention reason for the reviewer (terminal only): never shown to the member. */
  risk_reason: string | null;
  rejection_reason: string | null;
  points: number | null;
  /**
   * Why the automatic review held the invoice for a person (staff only, never shown to the member): the failed
   * proof of the NF-e's authenticity, a ceiling of automatic approval, a fourth note of one store on one day.
   */
  review_reason: string | null;
  /** When the club approved the invoice by itself (the month's automatic points add these up). */
  auto_approved_at: string | null;
  /** Where the member sent it from. */
  channel: Generated<InvoiceChannel>;
  created_at: string;
  updated_at: string;
}

/** The app's form, or the club's WhatsApp number (server/modules/whatsapp). */
export type InvoiceChannel = 'app' | 'whatsapp';

export interface InvoiceFilesTable {
  id: Generated<number>;
  invoice_id: number;
  kind: string;
  original_name: string;
  size_bytes: number;
  sha256: string;
  /** Relative to DATA_DIR/uploads. */
  storage_path: string;
  created_at: string;
  replaced_at: string | null;
}

export interface InvoiceEventsTable {
  id: Generated<number>;
  invoice_id: number;
  status: InvoiceStatus;
  note: string | null;
  created_at: string;
}

/** `redemption` spends points on a reward; `refund` gives them back when the order is cancelled. */
export type PointsEntryKind = 'credit' | 'bonus' | 'expiry' | 'adjustment' | 'redemption' | 'refund';

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  kind: PointsEntryKind;
  points: number;
  description: string;
  invoice_id: number | null;
  /** The approved project this credit is for; unique, so a project is credited once. */
  project_id: Generated<number | null>;
  rule_id: number | null;
  expires_at: string | null;
  expired_entry_id: number | null;
  balance_after: number;
  lot_cumulative: number | null;
  created_at: string;
}

export interface PointsBalancesTable {
  user_id: number;
  balance: number;
  lots_total: number;
  updated_at: string;
  /** When the oldest lot still held expires; null without held points. Moved by every append. */
  next_expiry_at: Generated<string | null>;
}

/** The ledger's points per São Paulo month (YYYY-MM) and kind, in stripes by member; kept by triggers on the ledger. */
export interface PointsTotalsTable {
  month: string;
  kind: PointsEntryKind;
  stripe: number;
  points: number;
}

// ---- Projects ----

/** One product line of the brand's catalogue (seeded), picked by members for their projects. */
export interface ProductsTable {
  /** A readable, stable code, e.g. "mdf-branco-tx-15". */
  id: string;
  name: string;
  category: string;
  /** Name and category in lower case without accents, for the search. */
  search_text: string;
  position: number;
  active: Generated<Flag>;
}

/** A product of the brand's catalogue (content/produtos/produtos.csv), by GTIN-14. */
export interface BrandProductsTable {
  gtin: string;
  sku: string;
  name: string;
  line: string;
  unit: string;
  updated_at: string;
}

export type ProjectStatus = InvoiceStatus;

export interface ProjectsTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  title: string;
  environment: string;
  description: string;
  uf: string;
  city: string;
  /** YYYY-MM. */
  finished_month: string;
  status: ProjectStatus;
  rejection_reason: string | null;
  points: number | null;
  publish_consent: Flag;
  published_at: string | null;
  campaign_slug: string | null;
  campaign_title: string | null;
  /** The device session the project was sent from, when the page reported one. */
  device_session_id: string | null;
  /** A fraud-prevention reason for the reviewer (terminal only): never shown to the member. */
  risk_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectPhotosTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  /** Null until a project takes the photo. */
  project_id: number | null;
  position: number | null;
  /** 'webp' or 'jpeg': what the API re-encoded the photo to. */
  format: string;
  storage_path: string;
  width: number;
  height: number;
  thumbnail_path: string;
  thumbnail_width: number;
  thumbnail_height: number;
  original_bytes: number;
  stored_bytes: number;
  created_at: string;
}

export interface ProjectProductsTable {
  project_id: number;
  product_id: string;
  position: number;
}

export interface ProjectInvoicesTable {
  project_id: number;
  invoice_id: number;
}

export interface ProjectEventsTable {
  id: Generated<number>;
  project_id: number;
  status: ProjectStatus;
  note: string | null;
  created_at: string;
}

// ---- Club content ----

export const CONTENT_KINDS = [
  'campaign',
  'standard-campaign',
  'promotion',
  'rule-book',
  'faq-subject',
  'faq-item',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export type ContentState = 'published' | 'draft';

export interface ContentEntriesTable {
  id: Generated<number>;
  kind: ContentKind;
  parent_key: string;
  key: string;
  state: ContentState;
  position: number;
  /** YYYY-MM-DD, inclusive. */
  starts_on: string | null;
  /** YYYY-MM-DD, inclusive. */
  ends_on: string | null;
  title: string;
  summary: string;
  /** Already sanitised when stored. */
  body_html: string;
  banner_asset_id: string | null;
  banner_alt: string;
  /** JSON with the fields only one kind has (points rule, prizes, survey, ...). */
  data: string;
  updated_at: string;
}

export interface ContentAssetsTable {
  id: string;
  mime: string;
  width: number;
  height: number;
  bytes: Buffer;
  created_at: Generated<string>;
}

export interface SurveyResponsesTable {
  id: Generated<number>;
  promotion_key: string;
  user_id: number;
  /** JSON array of the validated answers. */
  answers: string;
  created_at: string;
}

/** A member of the club's staff (server/modules/staff): not a member, with a login of their own at /painel/entrar. */
export interface StaffAccountsTable {
  id: Generated<number>;
  /** Lower case and trimmed. */
  email: string;
  name: string;
  /** Null until the set-up link is used. */
  password_hash: string | null;
  /** Base32 TOTP secret; null until set up, and again after an authenticator reset. */
  totp_secret: string | null;
  /** The last 30-second step whose code was accepted; codes of that step or before are refused. */
  totp_last_step: number | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One role a staff member holds (revisor, atendimento, lojas, premios, campanhas, admin); a person may hold several. */
export interface StaffRolesTable {
  staff_id: number;
  role: string;
}

/** A painel session: ended 30 minutes after `last_seen_at`, at `expires_at` (10 hours) or at logout. */
export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  ip: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
}

/** A one-time set-up link (24 hours): only the SHA-256 of its token is kept, with the secret it enrols. */
export interface StaffSetupLinksTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  totp_secret: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** The one audit trail of the staff and the terminal's operators; append-only. */
export interface StaffAuditTable {
  id: Generated<number>;
  created_at: string;
  actor_kind: 'staff' | 'terminal' | 'system' | 'member';
  actor_staff_id: number | null;
  actor_name: string;
  role: string | null;
  action: string;
  object_type: string | null;
  object_id: string | null;
  object_label: string | null;
  /** JSON of the changed fields before and after. */
  before: string | null;
  after: string | null;
  ip: string | null;
}

/** Support's internal note on a member (painel only, append-only; never in the member's own answers). */
export interface MemberNotesTable {
  id: Generated<number>;
  member_id: number;
  /** The staff account that wrote it; no foreign key, so the note outlives a removed account. */
  author_staff_id: number | null;
  /** The staff member's name when they wrote it. */
  author_name: string;
  body: string;
  created_at: string;
}

/** One browser session of the session-security component (the page's MGL_SESSION_ID); deleted after 90 days. */
export interface DeviceSessionsTable {
  id: string;
  /** Our P-256 private key as a JWK, while the handshake lasts (24 hours). */
  server_private_key: string | null;
  /** The page's public key (raw point, base64). */
  client_public_key: string | null;
  handshake_at: string | null;
  /** Highest local index accepted in this handshake. */
  highest_local_index: number | null;
  /** sha256 hex of the library's visitor id. */
  device_hash: string | null;
  /** Short description, e.g. "Chrome 131 · Android · Samsung". */
  device: string | null;
  ip: string | null;
  /** UF of the IP as told by a trusted proxy (GEO_REGION_HEADER); null when unknown. */
  region: string | null;
  incognito: Generated<Flag>;
  automation: Generated<Flag>;
  foreign_time_zone: Generated<Flag>;
  foreign_language: Generated<Flag>;
  first_seen_at: string;
  last_seen_at: string;
}

// ---- Rewards ----

export type RewardCategory = 'ferramentas' | 'acessorios' | 'cursos' | 'vales' | 'experiencias';
export type RewardType = 'produto' | 'vale' | 'curso' | 'experiencia';
export type RewardOrderStatus = 'requested' | 'separating' | 'shipped' | 'delivered' | 'cancelled';

export interface RewardsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  category: RewardCategory;
  type: RewardType;
  points: number;
  stock: number;
  /** Orders one member may hold (cancelled ones do not count); null: no limit. */
  per_member_limit: number | null;
  /** ISO instants, from inclusive, to exclusive; null: open. */
  active_from: string | null;
  active_to: string | null;
  /** How and when it is delivered, shown to the member. */
  delivery: string;
  description: string;
  /** JSON: the photos of its file, each a content image with a thumbnail (rewards/photos.ts). */
  photos: Generated<string>;
  /** 1: a draft, previewed by editors only and never taken. */
  draft: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface RewardOrdersTable {
  id: Generated<number>;
  user_id: number;
  reward_id: number;
  idempotency_key: string;
  status: RewardOrderStatus;
  points: number;
  /** JSON of the delivery address copied at the order (a product only). */
  address: string | null;
  carrier: string | null;
  tracking_code: string | null;
  cancel_reason: string | null;
  /** The ledger's redemption debit that paid for the order. */
  debit_entry_id: number;
  /** The ledger's refund credit when the order was cancelled. */
  refund_entry_id: number | null;
  /** Why a risk rule held the order for the club's review (never shown to the member); null: not held. */
  review_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** A voucher's or a course's code: loaded or generated for one reward, given to one order. */
export interface RewardCodesTable {
  id: Generated<number>;
  reward_id: number;
  code: string;
  /** ISO date (yyyy-mm-dd): the last day the code is accepted. */
  valid_until: string;
  order_id: number | null;
  given_at: string | null;
  created_at: string;
}

export interface RewardOrderEventsTable {
  id: Generated<number>;
  order_id: number;
  status: RewardOrderStatus;
  /** The carrier and tracking code when shipped, the reason when cancelled. */
  note: string | null;
  created_at: string;
}

// ---- Points partner ----

/** The member's account at the points partner, while linked (one at a time). */
export interface PartnerLinksTable {
  user_id: number;
  account_id: string;
  linked_at: string;
}

/** One try to link an account, whatever its answer: a few a day per member. */
export interface PartnerLinkAttemptsTable {
  id: Generated<number>;
  user_id: number;
  created_at: string;
}

export type PartnerTransferStatus = 'requested' | 'completed' | 'refused';

export interface PartnerTransfersTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  /** The partner program's name when the transfer was made. */
  program: string;
  account_id: string;
  status: PartnerTransferStatus;
  /** Club points out. */
  points: number;
  /** Partner points in. */
  partner_points: number;
  partner_reference: string | null;
  refuse_reason: string | null;
  /** The ledger's debit that paid for the transfer (set in the transaction that creates it). */
  debit_entry_id: number | null;
  /** The ledger's refund credit when refused or timed out. */
  refund_entry_id: number | null;
  /** What the partner answered after the transfer was settled the other way: kept, never acted on. */
  late_answer: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

/** A member's tries of an access key another member had already sent (counted per key and member). */
export interface InvoiceKeyAttemptsTable {
  access_key: string;
  user_id: number;
  attempts: number;
  first_at: string;
  last_at: string;
}

/** What the SEFAZ answered, conclusively, about an approved invoice (docs/sefaz-status.md). */
export type SefazCheckOutcome = 'authorised' | 'cancelled' | 'not_found';

/** The daily status check's one conclusive answer per approved invoice: an invoice with a row is never asked again. */
export interface InvoiceSefazChecksTable {
  invoice_id: number;
  outcome: SefazCheckOutcome;
  /** The SEFAZ's cStat (100, 101, 217…). */
  c_stat: number;
  /** The SEFAZ's xMotivo, as it wrote it. */
  reason: string;
  checked_at: string;
}

/** What a painel review queue holds. */
export type ReviewSubject = 'invoice' | 'project' | 'adjustment';

/**
 * A reviewer's hold on an object of a review queue (`invoice`, `project`) in the painel, until expires_at (a few
 * minutes, renewed while the page is open); taken and checked by server/modules/staff/review-leases.ts.
 */
export interface ReviewLeasesTable {
  subject: ReviewSubject;
  subject_id: number;
  staff_id: number;
  staff_name: string;
  taken_at: string;
  expires_at: string;
}

/** Whose work an object of a review queue is (migration 20261212T100000-review-assignments). */
export interface ReviewAssignmentsTable {
  subject: ReviewSubject;
  subject_id: number;
  staff_id: number;
  /** Who gave it, as the audit names them. */
  assigned_by: string;
  assigned_at: string;
}

/**
 * A staff approval above REVIEW_FOUR_EYES_POINTS, waiting for a second staff account (server/modules/staff/
 * approval-requests.ts): pending until confirmed (the points credited then) or cancelled (the object refused).
 */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  subject: ReviewSubject;
  subject_id: number;
  label: string;
  user_id: number;
  points: number;
  requested_by_staff_id: number | null;
  requested_by_name: string;
  requested_at: string;
  status: 'pending' | 'approved' | 'cancelled';
  decided_by_name: string | null;
  decided_at: string | null;
  /** The keyed lines of a photo's approval (JSON of KeyedItem[]), credited by the rules; null for points. */
  items_json: string | null;
}
export type ApprovalRequestRow = Selectable<ApprovalRequestsTable>;

/**
 * An admin's manual credit or debit of a member's points, with the reason the member reads in the extract
 * (server/modules/members/points-adjustments.ts): pending a second admin above REVIEW_FOUR_EYES_POINTS, applied with
 * its ledger entry, refused, or reversed by an opposite entry.
 */
export interface PointsAdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  /** Signed, never zero. */
  points: number;
  reason: string;
  status: 'pending' | 'applied' | 'refused' | 'reversed';
  requested_by_staff_id: number | null;
  requested_by_name: string;
  requested_at: string;
  /** Who confirmed or refused a pending one. */
  decided_by_name: string | null;
  decided_at: string | null;
  refusal_reason: string | null;
  /** The ledger entry the adjustment wrote. */
  entry_id: number | null;
  applied_at: string | null;
  reversed_by_name: string | null;
  reversed_at: string | null;
  reversal_reason: string | null;
  /** The opposite entry that undid it. */
  reversal_entry_id: number | null;
}
export type PointsAdjustmentRow = Selectable<PointsAdjustmentsTable>;

/** The signature of every partner callback taken, so the same callback sent again is refused. */
export interface PartnerCallbacksTable {
  signature: string;
  received_at: string;
}

/** Every table of the club, one declaration each; modules read their row types from here. */

// ---- Notifications ----

/** The kinds a member turns on or off: notas, projetos, pontos a vencer, prêmios, novidades do clube. */
export type NotificationKind = 'invoices' | 'projects' | 'points_expiring' | 'rewards' | 'news';

/** One line of the member's inbox ("Avisos"), kept 90 days. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The app's path a tap opens, e.g. "/minhas-nfs". */
  url: string;
  created_at: string;
  read_at: string | null;
}

/** A browser's push subscription, saved by a logged-in member on one device session. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The refresh-token family that saved it. */
  session_family_id: string | null;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which encrypt the payload (RFC 8291). */
  p256dh: string;
  auth: string;
  created_at: string;
  refreshed_at: string;
}

/** One push to send: a notification to one subscription, claimed for a lease by the process sending it. */
export interface NotificationOutboxTable {
  id: Generated<number>;
  notification_id: number;
  subscription_id: number;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  kind: NotificationKind;
  enabled: Flag;
  updated_at: string;
}

/** An expiry reminder given for a points lot at a threshold (30 or 7 days): never twice. */
export interface PointsExpiryRemindersTable {
  entry_id: number;
  threshold_days: number;
  user_id: number;
  created_at: string;
}

/**
 * A member being deleted with their data: listed, in the deletion's transaction, so the append-only ledger lets their
 * rows go (migration 20261205T120000-member-removals), and unlisted before it commits.
 */
export interface MemberRemovalsTable {
  member_id: number;
  started_at: string;
}

export interface Database {
  member_removals: MemberRemovalsTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_outbox: NotificationOutboxTable;
  notification_preferences: NotificationPreferencesTable;
  points_expiry_reminders: PointsExpiryRemindersTable;
  rewards: RewardsTable;
  reward_orders: RewardOrdersTable;
  reward_order_events: RewardOrderEventsTable;
  partner_links: PartnerLinksTable;
  partner_link_attempts: PartnerLinkAttemptsTable;
  partner_transfers: PartnerTransfersTable;
  partner_callbacks: PartnerCallbacksTable;
  reward_codes: RewardCodesTable;
  device_sessions: DeviceSessionsTable;
  member_notes: MemberNotesTable;
  staff_accounts: StaffAccountsTable;
  staff_roles: StaffRolesTable;
  staff_sessions: StaffSessionsTable;
  staff_setup_links: StaffSetupLinksTable;
  staff_audit: StaffAuditTable;
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
  stores: StoresTable;
  kiosk_codes: KioskCodesTable;
  kiosks: KiosksTable;
  handoff_links: HandoffLinksTable;
  earning_rules: EarningRulesTable;
  point_rules: PointRulesTable;
  invoice_earnings: InvoiceEarningsTable;
  invoices: InvoicesTable;
  invoice_files: InvoiceFilesTable;
  invoice_events: InvoiceEventsTable;
  invoice_key_attempts: InvoiceKeyAttemptsTable;
  invoice_sefaz_checks: InvoiceSefazChecksTable;
  review_leases: ReviewLeasesTable;
  review_assignments: ReviewAssignmentsTable;
  approval_requests: ApprovalRequestsTable;
  points_adjustments: PointsAdjustmentsTable;
  points_ledger: PointsLedgerTable;
  points_balances: PointsBalancesTable;
  points_totals: PointsTotalsTable;
  products: ProductsTable;
  brand_products: BrandProductsTable;
  projects: ProjectsTable;
  project_photos: ProjectPhotosTable;
  project_products: ProjectProductsTable;
  project_invoices: ProjectInvoicesTable;
  project_events: ProjectEventsTable;
  content_entries: ContentEntriesTable;
  content_assets: ContentAssetsTable;
  survey_responses: SurveyResponsesTable;
}

/** The club's database handle, as every repository and service takes it. */
export type Db = Kysely<Database>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceFileRow = Selectable<InvoiceFilesTable>;
export type PointsEntryRow = Selectable<PointsLedgerTable>;
export type ContentEntryRow = Selectable<ContentEntriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type BrandProductRow = Selectable<BrandProductsTable>;
export type PointRuleRow = Selectable<PointRulesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectPhotoRow = Selectable<ProjectPhotosTable>;
export type ProjectEventRow = Selectable<ProjectEventsTable>;
export type RewardRow = Selectable<RewardsTable>;
export type RewardOrderRow = Selectable<RewardOrdersTable>;
export type RewardCodeRow = Selectable<RewardCodesTable>;
export type RewardOrderEventRow = Selectable<RewardOrderEventsTable>;
export type PartnerTransferRow = Selectable<PartnerTransfersTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
