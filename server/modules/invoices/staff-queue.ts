// The invoice queue of the painel as a work list: the filters, the order (by arrival unless the reviewer sorts by a
// column), a keyset page of rows with the total, and the next or previous invoice in that same order and filters.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { saoPauloDayStartMs } from '../../../common/format/dates';
import { containsPattern } from '../../db/like';
import type { Db } from '../../db/schema';
import { parseId } from '../../graphql/ids';
import { badUserInput } from '../../errors/api-errors';
import type { StaffActor } from '../../graphql/staff-access';
import type { AppConfig } from '../../config';
import { assignedTo, assignmentsOf, liveLeases, notHeldByOthers } from '../staff';
import { INVOICE_ACTION_MESSAGES } from './actions';

export const QUEUE_PAGE_DEFAULT = 20;
export const QUEUE_PAGE_MAX = 50;
/** Longer filter texts are refused rather than sent to a LIKE. */
export const QUEUE_TEXT_MAX = 100;

export const QUEUE_MESSAGES = {
  ...INVOICE_ACTION_MESSAGES,
  day: 'Data inválida: use AAAA-MM-DD.',
  page: 'Peça de 1 a 50 notas por página.',
  cursor: 'Página inválida: volte ao começo da fila.',
  text: `Use até ${QUEUE_TEXT_MAX} caracteres.`,
} as const;

interface Deps {
  readonly db: Db;
  readonly config: AppConfig;
}

const WAITING = ['received', 'in_review'] as const;
const DECIDED = ['approved', 'rejected'] as const;

export interface QueueFilter {
  status?: string | null;
  flagged?: boolean | null;
  risk?: string | null;
  store?: string | null;
  from?: string | null;
  to?: string | null;
  hasXml?: boolean | null;
  search?: string | null;
  /** Who it is given to: `me`, `none` or a staff id. */
  assigned?: string | null;
}

export type QueueSort = 'OLDEST' | 'NEWEST' | 'TOTAL_HIGH' | 'TOTAL_LOW' | 'MEMBER';

/**
 * Each order as its key and direction; the id breaks ties in the same direction, so (key, id) is a keyset cursor.
 * Unknown totals (no XML) go last both ways.
 */
const ORDERS: Record<QueueSort, { key: () => RawBuilder<string | number>; desc: boolean }> = {
  OLDEST: { key: () => sql<string>`invoices.created_at`, desc: false },
  NEWEST: { key: () => sql<string>`invoices.created_at`, desc: true },
  TOTAL_HIGH: { key: () => sql<number>`coalesce(invoices.total_cents, -1)`, desc: true },
  TOTAL_LOW: { key: () => sql<number>`coalesce(invoices.total_cents, 2147483647)`, desc: false },
  MEMBER: { key: () => sql<string>`lower(users.name || ' ' || users.sur_name)`, desc: false },
};

/** A São Paulo day's start as UTC ISO (UTC−3, no daylight saving since 2019). */
function dayStart(day: string, field: string): string {
  const at = saoPauloDayStartMs(day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day)
    throw badUserInput(QUEUE_MESSAGES.day, { [`filter.${field}`]: QUEUE_MESSAGES.day });
  return new Date(at).toISOString();
}

function clean(value: string | null | undefined, field: string): string | null {
  const text = value?.trim() || null;
  if (text && text.length > QUEUE_TEXT_MAX)
    throw badUserInput(QUEUE_MESSAGES.text, { [`filter.${field}`]: QUEUE_MESSAGES.text });
  return text;
}

function statusesOf(status: string | null): readonly string[] {
  if (status === 'all') return [];
  if (status && ([...WAITING, ...DECIDED] as readonly string[]).includes(status)) return [status];
  return WAITING;
}

/** A CNPJ as typed (punctuation ignored, letters of an alphanumeric one upper-cased), or null when it is a name. */
function cnpjOf(text: string): string | null {
  const cnpj = text.replace(/[.\-/\s]/g, '').toUpperCase();
  return /^[0-9A-Z]{12}\d{2}$/.test(cnpj) && /\d{8}/.test(cnpj) ? cnpj : null;
}

const like = (column: RawBuilder<string>, text: string) =>
  sql<SqlBool>`lower(${column}) like ${containsPattern(text)} escape '!'`;

/** A file of this invoice whose bytes another invoice also has (the same-file risk signal, seen from the list). */
const hasSameFile = sql<SqlBool>`exists (
  select 1 from invoice_files f
  join invoice_files o on o.sha256 = f.sha256 and o.invoice_id <> f.invoice_id
  where f.invoice_id = invoices.id and f.replaced_at is null)`;

/** The invoices that match the filters, with the member and store joined (no order, no page). */
function filtered(db: Db, actor: StaffActor, f: QueueFilter) {
  let query = db
    .selectFrom('invoices')
    .innerJoin('users', 'users.id', 'invoices.user_id')
    .leftJoin('stores', 'stores.cnpj', 'invoices.issuer_cnpj');
  const statuses = statusesOf(clean(f.status, 'status'));
  if (statuses.length > 0) query = query.where('invoices.status', 'in', statuses as ('received' | 'approved')[]);
  if (f.flagged === true || f.flagged === false) {
    const flagged = f.flagged;
    query = query.where((eb) => {
      const alert = eb.or([
        eb('invoices.flag_reason', 'is not', null),
        eb('invoices.risk_reason', 'is not', null),
        eb('invoices.review_reason', 'is not', null),
        hasSameFile,
      ]);
      return flagged ? alert : eb.not(alert);
    });
  }
  if (f.hasXml === true) query = query.where('invoices.has_xml', '=', 1);
  if (f.hasXml === false) query = query.where('invoices.has_xml', '=', 0);
  const risk = clean(f.risk, 'risk');
  if (risk) query = query.where(like(sql<string>`invoices.risk_reason`, risk));
  const store = clean(f.store, 'store');
  if (store) {
    const cnpj = cnpjOf(store);
    query = cnpj
      ? query.where('invoices.issuer_cnpj', '=', cnpj)
      : query.where((eb) =>
          eb.or([like(sql<string>`stores.name`, store), like(sql<string>`invoices.issuer_name`, store)]),
        );
  }
  const from = clean(f.from, 'from');
  if (from) query = query.where('invoices.created_at', '>=', dayStart(from, 'from'));
  const to = clean(f.to, 'to');
  if (to) {
    const end = new Date(Date.parse(dayStart(to, 'to')) + 24 * 60 * 60 * 1000).toISOString();
    query = query.where('invoices.created_at', '<', end);
  }
  const assigned = clean(f.assigned, 'assigned');
  if (assigned) query = query.where(assignedTo('invoice', 'invoices.id', actor, assigned));
  const search = clean(f.search, 'search');
  if (search) {
    const digits = search.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        ...(digits.length >= 4 && /^[\d\s.-]+$/.test(search) ? [eb('invoices.access_key', 'like', `${digits}%`)] : []),
        like(sql<string>`users.name || ' ' || users.sur_name`, search),
        like(sql<string>`users.email`, search),
        like(sql<string>`stores.name`, search),
      ]),
    );
  }
  return query;
}

type Position = readonly [string | number, number];

/** (key, id) after (or, `backwards`, before) a position in the order. */
function beyond(sort: QueueSort, [value, id]: Position, backwards = false) {
  const { key, desc } = ORDERS[sort];
  const forward = desc === backwards;
  const cmp = forward ? sql.raw('>') : sql.raw('<');
  return sql<SqlBool>`(${key()} ${cmp} ${value} or (${key()} = ${value} and invoices.id ${cmp} ${id}))`;
}

/** The direction of a walk in the order: forward as the order reads, or back. */
const directionOf = (sort: QueueSort, backwards = false) => (ORDERS[sort].desc === backwards ? 'asc' : 'desc');

const encodeCursor = (position: Position) => Buffer.from(JSON.stringify(position)).toString('base64url');

function decodeCursor(cursor: string | null | undefined): Position | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      Number.isSafeInteger(value[1])
    )
      return [value[0], value[1] as number];
  } catch {
    // Falls through to the refusal below.
  }
  throw badUserInput(QUEUE_MESSAGES.cursor);
}

const sortOf = (sort: QueueSort | null | undefined): QueueSort => (sort && sort in ORDERS ? sort : 'OLDEST');

export async function invoiceQueue(
  deps: Deps,
  actor: StaffActor,
  args: { filter?: QueueFilter | null; sort?: QueueSort | null; first?: number | null; after?: string | null },
) {
  const first = args.first ?? QUEUE_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 1 || first > QUEUE_PAGE_MAX) throw badUserInput(QUEUE_MESSAGES.page);
  const sort = sortOf(args.sort);
  const after = decodeCursor(args.after);
  const base = filtered(deps.db, actor, args.filter ?? {});
  let query = base
    .selectAll('invoices')
    .select([
      'users.name as member_name',
      'users.sur_name as member_sur_name',
      'stores.name as store_name',
      ORDERS[sort].key().as('sort_key'),
    ]);
  if (after) query = query.where(beyond(sort, after));
  const direction = directionOf(sort);
  const rows = await query
    .orderBy(ORDERS[sort].key(), direction)
    .orderBy('invoices.id', direction)
    .limit(first + 1)
    .execute();
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const page = rows.slice(0, first);
  const ids = page.map((r) => r.id);
  const leases = await liveLeases(deps.db, actor, 'invoice', ids, new Date(deps.config.now()));
  const kinds = ids.length
    ? await deps.db
        .selectFrom('invoice_files')
        .select(['invoice_id', 'kind'])
        .where('invoice_id', 'in', ids)
        .where('replaced_at', 'is', null)
        .orderBy('id')
        .execute()
    : [];
  const assignments = await assignmentsOf(deps.db, actor, 'invoice', ids);
  const same = await sameFilesOf(deps.db, ids);
  const decisions = await decisionsOf(deps.db, ids);
  const last = page.at(-1);
  return {
    rows: page.map((r) => ({
      id: String(r.id),
      accessKey: r.access_key,
      status: r.status,
      createdAt: r.created_at,
      memberName: `${r.member_name} ${r.member_sur_name}`.trim(),
      issuerCnpj: r.issuer_cnpj,
      storeName: r.store_name ?? null,
      totalCents: r.total_cents,
      hasXml: r.has_xml === 1,
      fileKinds: kinds.filter((k) => k.invoice_id === r.id).map((k) => k.kind),
      flagReason: r.flag_reason,
      riskReason: r.risk_reason,
      reviewReason: r.review_reason,
      lease: leases.get(r.id) ?? null,
      assignee: assignments.get(r.id) ?? null,
      sameFiles: same.get(r.id) ?? [],
      decisions: decisions.get(r.id) ?? [],
    })),
    total: Number(counted?.n ?? 0),
    nextCursor: rows.length > first && last ? encodeCursor([last.sort_key, last.id]) : null,
  };
}

/** For each invoice, the others with a file of the same bytes, and whether each came first (by arrival, then id). */
async function sameFilesOf(db: Db, ids: readonly number[]) {
  const found = new Map<number, { invoiceId: string; earlier: boolean; otherMember: boolean }[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('invoice_files as f')
    .innerJoin('invoice_files as o', (join) =>
      join.onRef('o.sha256', '=', 'f.sha256').onRef('o.invoice_id', '!=', 'f.invoice_id'),
    )
    .innerJoin('invoices as mine', 'mine.id', 'f.invoice_id')
    .innerJoin('invoices as other', 'other.id', 'o.invoice_id')
    // This invoice's arrival and member, then the other's.
    .select(['f.invoice_id as id', 'mine.created_at as mine_at', 'mine.user_id as mine_user'])
    .select(['other.id as other_id', 'other.created_at as other_at', 'other.user_id as other_user'])
    .where('f.invoice_id', 'in', [...ids])
    .where('f.replaced_at', 'is', null)
    .distinct()
    .orderBy('other.id')
    .execute();
  for (const r of rows) {
    const list = found.get(r.id) ?? [];
    list.push({
      invoiceId: String(r.other_id),
      earlier: r.other_at < r.mine_at || (r.other_at === r.mine_at && r.other_id < r.id),
      otherMember: r.other_user !== r.mine_user,
    });
    found.set(r.id, list);
  }
  return found;
}

/** The decisions on each invoice from the audit trail (every invoice.* action but opening it), oldest first. */
async function decisionsOf(db: Db, ids: readonly number[]) {
  const found = new Map<number, { action: string; byName: string; at: string }[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('staff_audit')
    .select(['object_id', 'action', 'actor_name', 'created_at'])
    .where('object_type', '=', 'invoice')
    .where(
      'object_id',
      'in',
      ids.map((id) => String(id)),
    )
    .where('action', '!=', 'invoice.take')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const id = Number(r.object_id);
    // The trail names staff as "Name <e-mail>": the list shows the name.
    const byName = r.actor_name.replace(/\s*<[^>]*>$/, '');
    found.set(id, [...(found.get(id) ?? []), { action: r.action, byName, at: r.created_at }]);
  }
  return found;
}

/**
 * The invoice after (or, `backwards`, before) `after` in the queue's order and filters that nobody else holds now;
 * without `after`, the first. The waiting ones unless the filter asks for others.
 */
export async function nextInvoice(
  deps: Deps,
  actor: StaffActor,
  args: { after?: string | null; filter?: QueueFilter | null; sort?: QueueSort | null; backwards?: boolean | null },
): Promise<string | null> {
  const sort = sortOf(args.sort);
  const backwards = args.backwards === true;
  let query = filtered(deps.db, actor, args.filter ?? {})
    .select('invoices.id')
    .where(notHeldByOthers('invoice', 'invoices.id', actor, new Date(deps.config.now())));
  const from = parseId(args.after);
  if (from !== null) {
    const current = await deps.db
      .selectFrom('invoices')
      .innerJoin('users', 'users.id', 'invoices.user_id')
      .select(ORDERS[sort].key().as('sort_key'))
      .where('invoices.id', '=', from)
      .executeTakeFirst();
    if (current) query = query.where(beyond(sort, [current.sort_key, from], backwards));
  }
  const direction = directionOf(sort, backwards);
  const row = await query
    .orderBy(ORDERS[sort].key(), direction)
    .orderBy('invoices.id', direction)
    .limit(1)
    .executeTakeFirst();
  return row ? String(row.id) : null;
}
