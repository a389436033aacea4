import { sql } from 'kysely';
import { containsPattern } from '../../db/like';
import type { Db } from '../../db/schema';
import { badUserInput } from '../../errors/api-errors';
import { csvHeader, csvLine } from '../../http/csv-download';
import type { StaffActor } from '../../graphql/staff-access';
import { formatDateTime, saoPauloDayStartMs } from '../../../common/format/dates';
import { AUDIT_ACTIONS } from '../../../common/painel/audit-labels';

/**
 * The one audit trail (`staff_audit`, append-only): who, under which role, what, on which object, before → after,
 * when and from which IP. Painel mutations, terminal commands and the members' support switches all write here,
 * each in the transaction of the change it records.
 */

/**
 * Who did it: a staff member in the painel, an operator at the terminal, the club itself (its jobs, or a partner's
 * answer it acts on), or a member on their own account.
 */
export type AuditActor =
  | StaffActor
  | { readonly kind: 'terminal'; readonly name: string }
  | { readonly kind: 'system'; readonly name: string }
  | { readonly kind: 'member'; readonly userId: number };

/** A member acting on their own account (a link to the points partner, a transfer). */
export const memberActor = (userId: number): AuditActor => ({ kind: 'member', userId });

/**
 * How the trail names the actor: `Nome <e-mail>` for staff; a member by their id only, since the trail is append-only
 * and outlives the member's personal data.
 */
export const actorLabel = (actor: AuditActor): string => {
  switch (actor.kind) {
    case 'staff':
      return `${actor.name} <${actor.email}>`;
    case 'member':
      return `membro #${actor.userId}`;
    default:
      return actor.name;
  }
};

/** An operator at the terminal (`--by "nome"`, else the machine's user). */
export const terminalActor = (name: string): AuditActor => ({ kind: 'terminal', name });

/** A service shared by the terminal and the painel takes either: the terminal's operator name, or the painel's actor. */
export const auditActorOf = (actor: string | AuditActor): AuditActor =>
  typeof actor === 'string' ? terminalActor(actor) : actor;

export interface AuditEntry {
  /** `<area>.<verb>`: `staff.invite`, `member.disable`… */
  readonly action: string;
  readonly object?: { readonly type: string; readonly id: string | number; readonly label?: string | null };
  /** The fields that changed, as they were and as they became; never a password, token or secret. */
  readonly before?: Readonly<Record<string, unknown>> | null;
  readonly after?: Readonly<Record<string, unknown>> | null;
}

const json = (value: Readonly<Record<string, unknown>> | null | undefined) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** Writes one line of the trail; pass the transaction of the change, so both land or neither. */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, at: Date): Promise<void> {
  const staff = actor.kind === 'staff' ? actor : null;
  await db
    .insertInto('staff_audit')
    .values({
      created_at: at.toISOString(),
      actor_kind: actor.kind,
      actor_staff_id: staff?.staffId ?? null,
      actor_name: actorLabel(actor),
      role: staff?.role ?? null,
      action: entry.action,
      object_type: entry.object?.type ?? null,
      object_id: entry.object === undefined ? null : String(entry.object.id),
      object_label: entry.object?.label ?? null,
      before: json(entry.before),
      after: json(entry.after),
      ip: staff?.ip ?? null,
    })
    .execute();
}

export interface AuditFilter {
  readonly actor?: string | null;
  readonly action?: string | null;
  readonly object?: string | null;
  /** São Paulo days, AAAA-MM-DD, both included. */
  readonly from?: string | null;
  readonly to?: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_MESSAGE = 'Data inválida: use AAAA-MM-DD.';

function dayStart(day: string, field: 'from' | 'to'): number {
  const at = saoPauloDayStartMs(day);
  if (!DAY.test(day) || Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day) {
    throw badUserInput(DATE_MESSAGE, { [`filter.${field}`]: DATE_MESSAGE });
  }
  return at;
}

const clean = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 200) : null;
};

/** The filter's days as instants; BAD_USER_INPUT for a day that is not one, or a range that ends before it starts. */
export function auditTimeRange(filter: AuditFilter): { fromAt: number | null; toAt: number | null } {
  const from = clean(filter.from);
  const to = clean(filter.to);
  const fromAt = from === null ? null : dayStart(from, 'from');
  const toAt = to === null ? null : dayStart(to, 'to') + DAY_MS;
  if (fromAt !== null && toAt !== null && fromAt >= toAt) {
    const message = 'A data inicial deve ser antes da final.';
    throw badUserInput(message, { 'filter.to': message });
  }
  return { fromAt, toAt };
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('staff_audit');
  const actor = clean(filter.actor);
  if (actor) query = query.where(sql<boolean>`lower(actor_name) like ${containsPattern(actor)} escape '!'`);
  const action = clean(filter.action);
  if (action) query = query.where('action', '=', action);
  const object = clean(filter.object);
  // A number names one object: its id, or a whole label that is a number (an access key), never digits inside
  // another's ("56" is not invoice #37 whose key holds 56). Words find part of a name or e-mail.
  if (object && /^\d+$/.test(object)) {
    query = query.where((eb) => eb.or([eb('object_id', '=', object), eb('object_label', '=', object)]));
  } else if (object) {
    query = query.where((eb) =>
      eb.or([
        eb('object_id', '=', object),
        sql<boolean>`lower(object_label) like ${containsPattern(object)} escape '!'`,
      ]),
    );
  }
  const { fromAt, toAt } = auditTimeRange(filter);
  if (fromAt !== null) query = query.where('created_at', '>=', new Date(fromAt).toISOString());
  if (toAt !== null) query = query.where('created_at', '<', new Date(toAt).toISOString());
  return query;
}

export const AUDIT_PAGE_SIZE = 50;
const AUDIT_PAGE_MAX = 200;

export type AuditLine = Awaited<ReturnType<typeof auditPage>>['entries'][number];

/** One page of the trail, newest first; `after` is the previous page's `nextCursor`. */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  { first, after }: { first?: number | null; after?: string | null } = {},
) {
  const size = Math.min(Math.max(first ?? AUDIT_PAGE_SIZE, 1), AUDIT_PAGE_MAX);
  let query = filtered(db, filter);
  if (after) {
    const before = Number(after);
    if (!Number.isSafeInteger(before)) throw badUserInput('Página inválida.', { after: 'Página inválida.' });
    query = query.where('id', '<', before);
  }
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(size + 1)
    .execute();
  const entries = rows.slice(0, size);
  return {
    entries,
    nextCursor: rows.length > size ? String(entries[entries.length - 1]?.id) : null,
  };
}

/**
 * The actions the painel's filter offers: every name the club writes (the labels' list), not a DISTINCT over the
 * trail, which read all of its rows for every page.
 */
export const auditActions = (): string[] => [...AUDIT_ACTIONS];

const CSV_HEADER = [
  'data e hora (Brasília)',
  'quem',
  'origem',
  'função',
  'ação',
  'objeto',
  'id do objeto',
  'descrição do objeto',
  'antes',
  'depois',
  'IP',
];

const ORIGIN = { staff: 'painel', terminal: 'terminal', system: 'sistema', member: 'membro' } as const;

/**
 * The filtered trail as CSV lines, newest first, read a page at a time so a long trail never sits whole in memory.
 * `;` separates the fields (what spreadsheets set to Portuguese expect) and a byte-order mark opens the file, so
 * accents read right.
 */
export async function* auditCsv(db: Db, filter: AuditFilter): AsyncGenerator<string> {
  yield csvHeader(CSV_HEADER);
  let after: string | null = null;
  do {
    const page = await auditPage(db, filter, { first: AUDIT_PAGE_MAX, after });
    let chunk = '';
    for (const line of page.entries) {
      chunk += csvLine([
        formatDateTime(line.created_at),
        line.actor_name,
        ORIGIN[line.actor_kind],
        line.role,
        line.action,
        line.object_type,
        line.object_id,
        line.object_label,
        line.before,
        line.after,
        line.ip,
      ]);
    }
    if (chunk) yield chunk;
    after = page.nextCursor;
  } while (after !== null);
}
