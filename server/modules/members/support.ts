// Members' support in the painel (atendimento): the search and the member's page, read through each module's public
// API. The switches themselves are actions.ts's, the same the terminal's `npm run members` runs.
import type { Db, InvoiceRow, UserRow } from '../../db/schema';
import { badUserInput, notFound } from '../../errors/api-errors';
import { formatCnpj } from '../../../common/format/cnpj';
import { maskEmailDestination, maskPhoneDestination, parseLogin } from '../auth';
import { memberDevicesForSupport } from '../device-sessions';
import { countOwnInvoices, listOwnInvoices } from '../invoices';
import { ledgerForSupport } from '../points';
import { countOwnProjects, listOwnProjects } from '../projects';
import { countOwnOrders, ownOrders, rewardsByIds } from '../rewards';
import { findUserByCpf, findUserByEmail, findUserById, findUserByPhone, searchUsersByName } from '../users';
import type { OperatorDeps } from '../service-deps';
import { hideCpf } from '../../privacy/hide';
import { MEMBER_NOT_FOUND_MESSAGE } from './actions';
import { decodeIdCursor, encodeIdCursor, pageSizeOf } from './pages';
import { recentAudit } from './repository';

export const SEARCH_MESSAGES = {
  empty: 'Digite o CPF, o e-mail, o celular ou o nome do membro.',
  long: 'Use no máximo 100 caracteres.',
  email: 'E-mail incompleto. Confira o endereço.',
  digits: 'Digite o CPF com 11 números ou o celular com DDD (10 ou 11 números).',
  name: 'Digite ao menos 3 letras do nome.',
} as const;

const SEARCH_MAX = 100;
/** Names are the one search with many answers: the first 20, and a word that more match. */
export const NAME_MATCHES_MAX = 20;
/** The member's page lists the latest of each; invoices, orders, notes and the extract page on from there. */
export const LATEST_MAX = 10;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const ONLY_DIGITS_AND_PUNCTUATION = /^[\d\s().+\-/]+$/;

type MatchedBy = 'CPF' | 'EMAIL' | 'PHONE' | 'NAME';

/** What support sees of any member before opening them: never a whole CPF, e-mail or celular. */
export const maskedIdentity = (user: UserRow) => ({
  id: String(user.id),
  name: `${user.name} ${user.sur_name}`,
  cpfMasked: hideCpf(user.cpf),
  emailMasked: maskEmailDestination(user.email),
  phoneMasked: user.phone_number ? maskPhoneDestination(user.phone_number) : null,
  disabled: user.disabled_at !== null,
  since: user.created_at,
});

const searchError = (message: string) => badUserInput(message, { text: message });

/**
 * Members by CPF, e-mail or celular in any spelling the login form takes (the same parser), or by every word of a
 * name. An identifier finds at most one member of each kind; 11 digits that pass the CPF check are looked up both
 * as a CPF and as a celular, as at the login.
 */
export async function searchMembers({ db }: OperatorDeps, rawText: string) {
  const text = rawText.trim();
  if (text === '') throw searchError(SEARCH_MESSAGES.empty);
  if (text.length > SEARCH_MAX) throw searchError(SEARCH_MESSAGES.long);
  const found: { user: UserRow; matchedBy: MatchedBy }[] = [];
  const add = (user: UserRow | undefined, matchedBy: MatchedBy) => {
    if (user && !found.some((f) => f.user.id === user.id)) found.push({ user, matchedBy });
  };
  let kind: 'CPF_OR_PHONE' | 'PHONE' | 'EMAIL' | 'NAME';
  let more = false;
  if (text.includes('@')) {
    if (!EMAIL.test(text)) throw searchError(SEARCH_MESSAGES.email);
    kind = 'EMAIL';
    add(await findUserByEmail(db, text.toLowerCase()), 'EMAIL');
  } else if (ONLY_DIGITS_AND_PUNCTUATION.test(text)) {
    const { lookup } = parseLogin(text);
    if (lookup.kind === 'cpfOrPhone') {
      kind = 'CPF_OR_PHONE';
      add(await findUserByCpf(db, lookup.digits), 'CPF');
      add(await findUserByPhone(db, lookup.digits), 'PHONE');
    } else if (lookup.kind === 'phone') {
      kind = 'PHONE';
      add(await findUserByPhone(db, lookup.digits), 'PHONE');
    } else {
      throw searchError(SEARCH_MESSAGES.digits);
    }
  } else {
    const words = text.split(/\s+/).filter(Boolean).slice(0, 5);
    if (words.join('').replace(/[^\p{L}]/gu, '').length < 3) throw searchError(SEARCH_MESSAGES.name);
    kind = 'NAME';
    const users = await searchUsersByName(db, words, NAME_MATCHES_MAX + 1);
    more = users.length > NAME_MATCHES_MAX;
    for (const user of users.slice(0, NAME_MATCHES_MAX)) add(user, 'NAME');
  }
  return { kind, more, matches: found.map(({ user, matchedBy }) => ({ ...maskedIdentity(user), matchedBy })) };
}

/** The painel's ids are digits; anything else is no member (NOT_FOUND, as an unknown id). */
export function memberIdOf(id: string): number {
  if (!/^\d{1,12}$/.test(id)) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  return Number(id);
}

async function memberRow(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, memberIdOf(id));
  if (!user) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  return user;
}

const invoiceRowOf = (i: InvoiceRow) => ({
  id: String(i.id),
  status: i.status,
  createdAt: i.created_at,
  issuer: i.issuer_name ?? formatCnpj(i.issuer_cnpj),
  totalCents: i.total_cents,
  points: i.points,
  rejectionReason: i.rejection_reason,
});

type OrderRow = Awaited<ReturnType<typeof ownOrders>>[number];

/** The orders as the page lists them, each with its reward's name. */
async function orderRowsOf(db: Db, orders: readonly OrderRow[]) {
  const rewards = new Map((await rewardsByIds(db, [...new Set(orders.map((o) => o.reward_id))])).map((r) => [r.id, r]));
  return orders.map((o) => ({
    id: String(o.id),
    reward: rewards.get(o.reward_id)?.name ?? `Prêmio #${o.reward_id}`,
    status: o.status,
    points: o.points,
    createdAt: o.created_at,
    trackingCode: o.tracking_code,
    cancelReason: o.cancel_reason,
  }));
}

/** One member's page: the account, sessions and devices, the latest invoices, projects and orders, and changes. */
export async function memberDetail(deps: OperatorDeps, id: string) {
  const { db } = deps;
  const user = await memberRow(db, id);
  const [access, invoiceCounts, invoices, projectCount, projects, orderCount, orders, changes, ledger] =
    await Promise.all([
      memberDevicesForSupport(deps, user.id),
      countOwnInvoices(db, user.id),
      listOwnInvoices(db, user.id, null, LATEST_MAX),
      countOwnProjects(db, user.id),
      listOwnProjects(db, user.id, { beforeId: null, offset: 0 }, LATEST_MAX),
      countOwnOrders(db, user.id),
      ownOrders(db, user.id, null, LATEST_MAX),
      recentAudit(db, user.id, LATEST_MAX),
      ledgerForSupport(db, user.id, { first: 1 }),
    ]);
  return {
    ...maskedIdentity(user),
    emailConfirmed: user.email_confirmed_at !== null,
    phoneVerified: user.phone_verified_at !== null,
    disabledAt: user.disabled_at,
    accountType: user.account_type ?? 'member',
    lastAccessAt: access.lastAccessAt,
    consentPending: user.consent_pending === 1,
    consentMessage: user.consent_message,
    chatbot: user.chatbot_invoice_upload_enabled === 1,
    changePasswordRequired: user.change_password_required === 1,
    store: user.subsidiary_slug,
    balance: ledger.balance,
    sessions: access.sessions,
    devices: access.devices,
    invoiceCount: invoiceCounts.total,
    invoices: invoices.map(invoiceRowOf),
    projectCount,
    projects: projects.map((p) => ({
      id: String(p.id),
      title: p.title,
      status: p.status,
      createdAt: p.created_at,
      points: p.points,
      rejectionReason: p.rejection_reason,
    })),
    orderCount,
    orders: await orderRowsOf(db, orders),
    changes: changes.map((c) => ({ at: c.at, actor: c.actor, action: c.action, detail: c.detail })),
  };
}

/** One page of the member's extract, newest first. */
export async function memberLedger(
  deps: OperatorDeps,
  id: string,
  args: { first?: number | null; after?: string | null },
) {
  const user = await memberRow(deps.db, id);
  const page = await ledgerForSupport(deps.db, user.id, args);
  return {
    entries: page.data.map((e) => ({
      id: e.id,
      kind: e.kind,
      points: e.points,
      description: e.description,
      createdAt: e.createdAt,
      expiresAt: e.expiresAt,
    })),
    nextCursor: page.nextCursor,
  };
}

type PageArgs = { first?: number | null; after?: string | null };

/** One page of the member's invoices, newest first, after the cursor's (keyset on id). */
export async function memberInvoices(deps: OperatorDeps, id: string, args: PageArgs) {
  const first = pageSizeOf(args.first, LATEST_MAX);
  const before = decodeIdCursor(args.after);
  const user = await memberRow(deps.db, id);
  const rows = await listOwnInvoices(deps.db, user.id, before, first + 1);
  const page = rows.slice(0, first);
  return {
    rows: page.map(invoiceRowOf),
    nextCursor: rows.length > first ? encodeIdCursor(page.at(-1)!.id) : null,
  };
}

/** One page of the member's reward orders, newest first, after the cursor's (keyset on id). */
export async function memberOrders(deps: OperatorDeps, id: string, args: PageArgs) {
  const first = pageSizeOf(args.first, LATEST_MAX);
  const before = decodeIdCursor(args.after);
  const user = await memberRow(deps.db, id);
  const rows = await ownOrders(deps.db, user.id, before, first + 1);
  const page = rows.slice(0, first);
  return {
    rows: await orderRowsOf(deps.db, page),
    nextCursor: rows.length > first ? encodeIdCursor(page.at(-1)!.id) : null,
  };
}
