import { z } from 'zod';
import type { Db, PointsEntryKind, PointsEntryRow } from '../../db/schema';
import { badUserInput } from '../../errors/api-errors';
import { expireDuePoints, expiringByDay, getBalance, oldestHeldLotIsDue } from './ledger';
import { balanceBefore, ledgerPage, type EntriesFilter } from './repository';
import { requireMember } from '../users';
import { nowOf, type ServiceDeps } from '../service-deps';
import { saoPauloDayStart, todayInBrazil } from '../../../common/format/dates';
import { parseDate } from '../../../common/validation/sign-up-schema';
import { parseInput, topLevelField } from '../../errors/parse-input';

const DAY_MS = 24 * 60 * 60 * 1000;

export const ENTRIES_PAGE_DEFAULT = 20;
export const ENTRIES_PAGE_MAX = 50;
const KINDS = ['CREDIT', 'BONUS', 'EXPIRY', 'ADJUSTMENT', 'REDEMPTION', 'REFUND'] as const;

/** Each ledger kind is its own GraphQL value; the extract labels them (components/points/points-entries.tsx). */
const KIND_OF_ROW: Record<PointsEntryKind, KindEnum> = {
  credit: 'CREDIT',
  bonus: 'BONUS',
  expiry: 'EXPIRY',
  adjustment: 'ADJUSTMENT',
  redemption: 'REDEMPTION',
  refund: 'REFUND',
};
const ROW_KINDS_OF: Record<KindEnum, PointsEntryKind[]> = {
  CREDIT: ['credit'],
  BONUS: ['bonus'],
  EXPIRY: ['expiry'],
  ADJUSTMENT: ['adjustment'],
  REDEMPTION: ['redemption'],
  REFUND: ['refund'],
};
type KindEnum = (typeof KINDS)[number];

export interface PointsEntryView {
  id: string;
  kind: KindEnum;
  points: number;
  description: string;
  createdAt: string;
  expiresAt: string | null;
  invoiceId: string | null;
  projectId: string | null;
}

export const toEntryView = (row: PointsEntryRow): PointsEntryView => ({
  id: String(row.id),
  kind: KIND_OF_ROW[row.kind],
  points: row.points,
  description: row.description,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  invoiceId: row.invoice_id === null ? null : String(row.invoice_id),
  projectId: row.project_id === null ? null : String(row.project_id),
});

/**
 * Current balance after writing any due expiry. Two reads when nothing is due (the usual case), without the write
 * transaction that would hold the database for every other request meanwhile; the expiry re-checks inside its own.
 */
export async function currentBalance(db: Db, userId: number, now: Date): Promise<number> {
  const { balance, lotsTotal } = await getBalance(db, userId);
  if (balance <= 0 || !(await oldestHeldLotIsDue(db, userId, lotsTotal - balance, now.toISOString()))) return balance;
  await expireDuePoints(db, userId, now);
  return (await getBalance(db, userId)).balance;
}

/** The last 12 months, oldest first, as YYYY-MM, with the instant each one ends (São Paulo is UTC−3, no DST). */
function lastTwelveMonths(now: Date): { month: string; endsAt: string }[] {
  const [year = 0, month = 1] = todayInBrazil(now).split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (11 - i), 1));
    const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 3));
    return {
      month: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
      endsAt: end.toISOString(),
    };
  });
}

type Deps = ServiceDeps<'db' | 'config' | 'userId'>;

export async function pointsSummary(deps: Deps) {
  const { db } = deps;
  const now = nowOf(deps);
  const userId = (await requireMember(db, deps.userId)).id;
  const balance = await currentBalance(db, userId, now);
  const expiring = await expiringByDay(
    db,
    userId,
    now.toISOString(),
    new Date(now.getTime() + 90 * DAY_MS).toISOString(),
  );
  const dayOf = (days: number) => todayInBrazil(new Date(now.getTime() + days * DAY_MS));
  const within = (days: number) => expiring.filter((e) => e.date <= dayOf(days)).reduce((sum, e) => sum + e.points, 0);
  // The balance at each month's end is the running balance of that month's last row: 12 index lookups.
  const history = await Promise.all(
    lastTwelveMonths(now).map(async ({ month, endsAt }) => {
      if (endsAt > now.toISOString()) return { month, balance };
      return { month, balance: await balanceBefore(db, userId, endsAt) };
    }),
  );
  return {
    balance,
    expiringIn30: within(30),
    expiringIn60: within(60),
    expiringIn90: within(90),
    expiring,
    history,
  };
}

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a data no formato aaaa-mm-dd.')
  .refine((day) => parseDate(day) === day, 'Esta data não existe. Confira o dia e o mês.');
const entriesArgs = z.object({
  first: z
    .number()
    .int()
    .min(1, `Peça de 1 a ${ENTRIES_PAGE_MAX} lançamentos por página.`)
    .max(ENTRIES_PAGE_MAX, `No máximo ${ENTRIES_PAGE_MAX} lançamentos por página.`)
    .nullish(),
  after: z.string().max(200, 'Página inválida. Recarregue o extrato.').nullish(),
  from: dateOnly.nullish(),
  to: dateOnly.nullish(),
  kinds: z.array(z.enum(KINDS)).max(KINDS.length).nullish(),
});
export type EntriesArgs = z.input<typeof entriesArgs>;

const encodeCursor = (row: { created_at: string; id: number }) =>
  Buffer.from(`${row.created_at}|${row.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: number } | null {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !/^\d{4}-\d{2}-\d{2}T/.test(createdAt) || !id || !/^\d+$/.test(id)) return null;
  return { createdAt, id: Number(id) };
}

/**
 * One page of the extract, newest first. Keyset pagination on (created_at, id) over the
 * (user_id[, kind], created_at, id) indexes: each page is one index seek plus `first` rows, at any ledger size.
 */
export async function pointsEntries(deps: Deps, rawArgs: EntriesArgs) {
  const { db } = deps;
  const now = nowOf(deps);
  const userId = (await requireMember(db, deps.userId)).id;
  const args = parseInput(entriesArgs, rawArgs, { fieldOf: topLevelField });
  const cursor = args.after ? decodeCursor(args.after) : null;
  if (args.after && !cursor) throw badUserInput('Página inválida. Recarregue o extrato.');
  if (args.from && args.to && args.from > args.to) {
    throw badUserInput('A data inicial deve ser antes da final.', { from: 'A data inicial deve ser antes da final.' });
  }
  await expireDuePoints(db, userId, now);
  const first = args.first ?? ENTRIES_PAGE_DEFAULT;
  const filter: EntriesFilter = {
    kinds: (args.kinds ?? []).flatMap((k) => ROW_KINDS_OF[k]),
    fromAt: args.from ? saoPauloDayStart(args.from) : null,
    toAt: args.to ? saoPauloDayStart(args.to, 1) : null,
    before: cursor,
  };
  const rows = await ledgerPage(db, userId, filter, first + 1);
  const page = rows.slice(0, first);
  const last = page.at(-1);
  const hasMore = rows.length > first;
  return { data: page.map(toEntryView), hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
}

/**
 * One page of a member's extract for support, newest first, with the same keyset as the member's own: any member,
 * disabled ones included, and read-only (due points expire on the member's next visit, not on support's reading).
 */
export async function ledgerForSupport(
  db: Db,
  userId: number,
  rawArgs: Pick<EntriesArgs, 'first' | 'after'>,
): Promise<{ data: PointsEntryView[]; nextCursor: string | null; balance: number }> {
  const args = parseInput(entriesArgs, rawArgs, { fieldOf: topLevelField });
  const cursor = args.after ? decodeCursor(args.after) : null;
  if (args.after && !cursor) throw badUserInput('Página inválida. Recarregue o extrato.');
  const first = args.first ?? ENTRIES_PAGE_DEFAULT;
  const rows = await ledgerPage(db, userId, { kinds: [], fromAt: null, toAt: null, before: cursor }, first + 1);
  const page = rows.slice(0, first);
  const last = page.at(-1);
  return {
    data: page.map(toEntryView),
    nextCursor: rows.length > first && last ? encodeCursor(last) : null,
    balance: (await getBalance(db, userId)).balance,
  };
}
