import { sql } from 'kysely';
import { saoPauloDayStart, todayInBrazil } from '../../../common/format/dates';
import { businessDaysSince, lateBefore } from '../../../common/format/business-days';
import { brasiliaDay } from '../../db/dialect';
import type { Db } from '../../db/schema';

/** The rule book's "até 5 (cinco) dias úteis" (section 5.1), the deadline every queue of the painel is held to. */
export const DEADLINE_BUSINESS_DAYS = 5;
/** Days of sign-ups on the home's chart. */
export const SIGN_UP_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The start of a São Paulo day (UTC−3, no daylight saving since 2019) as UTC ISO. */

export type QueueKind = 'invoices' | 'projects' | 'rewardOrders' | 'partnerTransfers';

interface QueueSource {
  readonly kind: QueueKind;
  readonly table: 'invoices' | 'projects' | 'reward_orders' | 'partner_transfers';
  readonly waitingStatuses: readonly string[];
}

/** What waits on the club: sent and not yet decided, ordered and not yet shipped, transferred and not answered. */
const QUEUES: readonly QueueSource[] = [
  { kind: 'invoices', table: 'invoices', waitingStatuses: ['received', 'in_review'] },
  { kind: 'projects', table: 'projects', waitingStatuses: ['received', 'in_review'] },
  { kind: 'rewardOrders', table: 'reward_orders', waitingStatuses: ['requested', 'separating'] },
  { kind: 'partnerTransfers', table: 'partner_transfers', waitingStatuses: ['requested'] },
];

const count = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

async function waitingQueue(db: Db, source: QueueSource, now: number) {
  const cutoff = lateBefore(DEADLINE_BUSINESS_DAYS, now);
  // One row: the queues are small next to their tables and each status set is indexed with created_at.
  const row = await db
    .selectFrom(source.table)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('waiting'),
      eb.fn.min<string>('created_at').as('oldestAt'),
      eb.fn.sum<number | string>(eb.case().when('created_at', '<', cutoff).then(1).else(0).end()).as('late'),
      eb.fn
        .sum<number | string>(
          source.table === 'reward_orders'
            ? eb.case().when(sql.ref('review_reason'), 'is not', null).then(1).else(0).end()
            : sql.lit(0),
        )
        .as('held'),
    ])
    .where('status', 'in', [...source.waitingStatuses] as never)
    .executeTakeFirstOrThrow();
  const oldestAt = row.oldestAt ?? null;
  return {
    kind: source.kind,
    waiting: count(row.waiting),
    oldestAt,
    oldestBusinessDays: oldestAt ? businessDaysSince(oldestAt, now) : null,
    late: count(row.late),
    held: count(row.held),
  };
}

/** Approvals made in the painel today, per reviewer: the audit trail knows who. */
async function approvalsToday(db: Db, since: string) {
  const rows = await db
    .selectFrom('staff_audit')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_audit.actor_staff_id')
    .select((eb) => [
      'staff_accounts.name as name',
      'staff_audit.action as action',
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('staff_audit.actor_kind', '=', 'staff')
    .where('staff_audit.action', 'in', ['invoice.approve', 'project.approve'])
    .where('staff_audit.created_at', '>=', since)
    .groupBy(['staff_accounts.id', 'staff_accounts.name', 'staff_audit.action'])
    .execute();
  const byName = new Map<string, { name: string; invoices: number; projects: number }>();
  for (const row of rows) {
    const entry = byName.get(row.name) ?? { name: row.name, invoices: 0, projects: 0 };
    if (row.action === 'invoice.approve') entry.invoices += count(row.n);
    else entry.projects += count(row.n);
    byName.set(row.name, entry);
  }
  return [...byName.values()].sort(
    (a, b) => b.invoices + b.projects - (a.invoices + a.projects) || a.name.localeCompare(b.name, 'pt-BR'),
  );
}

/** Every approval today, wherever it came from (painel, terminal): the events of each invoice and project. */
async function approvedSince(db: Db, table: 'invoice_events' | 'project_events', since: string) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'approved')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return count(row.n);
}

/**
 * The month's points and the club's outstanding balance from the ledger's running totals (points_totals, kept by
 * the ledger's triggers): a few hundred rows whatever the club's size, where summing the ledger read millions.
 */
async function pointsOfMonth(db: Db, month: string) {
  const rows = await db
    .selectFrom('points_totals')
    .select((eb) => ['kind', eb.fn.sum<number | string>('points').as('total')])
    .where('month', '=', month)
    .groupBy('kind')
    .execute();
  const total = (kind: string) => count(rows.find((r) => r.kind === kind)?.total);
  // The ledger's sum over every month is the sum of every member's balance.
  const balances = await db
    .selectFrom('points_totals')
    .select((eb) => eb.fn.sum<number | string>('points').as('total'))
    .executeTakeFirstOrThrow();
  return {
    // Debits are negative in the ledger; the painel shows amounts.
    credited: total('credit') + total('bonus') + Math.max(0, total('adjustment')),
    spent: -total('redemption') - total('refund'),
    expired: -total('expiry'),
    outstanding: count(balances.total),
  };
}

async function signUpsPerDay(db: Db, today: string) {
  const fromDay = new Date(Date.parse(`${today}T12:00:00Z`) - (SIGN_UP_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom('users')
    .select((eb) => [brasiliaDay(db, 'users.created_at').as('day'), eb.fn.countAll<number | string>().as('n')])
    .where('users.created_at', '>=', saoPauloDayStart(fromDay))
    .groupBy('day')
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, count(r.n)]));
  return Array.from({ length: SIGN_UP_DAYS }, (_, i) => {
    const day = new Date(Date.parse(`${fromDay}T12:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
}

/** The painel's home figures, read at `now`. */
export async function staffDashboard(db: Db, now: number) {
  const today = todayInBrazil(now);
  const since = saoPauloDayStart(today);
  const month = today.slice(0, 7);
  const [queues, reviewers, invoices, projects, points, signUps] = await Promise.all([
    Promise.all(QUEUES.map((source) => waitingQueue(db, source, now))),
    approvalsToday(db, since),
    approvedSince(db, 'invoice_events', since),
    approvedSince(db, 'project_events', since),
    pointsOfMonth(db, month),
    signUpsPerDay(db, today),
  ]);
  return {
    deadlineBusinessDays: DEADLINE_BUSINESS_DAYS,
    queues,
    approvalsToday: reviewers,
    approvedTodayInvoices: invoices,
    approvedTodayProjects: projects,
    points: { month, ...points },
    signUps,
  };
}
