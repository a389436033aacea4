// The stores as the club's team runs them, from the painel (lojas) and the terminal (`npm run stores`): list, add,
// disable and enable, and sign-ups per store per day. Each change validates once, reads the store once, and writes
// the change and its audit line (who, role, before → after) in one transaction, the caller's when given one; each
// refusal is a DomainError, but for a new store's form, whose every wrong field is answered at once (parseInput). The
// painel's resolvers (staff-stores.ts) and the terminal (server/cli/stores.ts) only adapt their input to these.
import { newStoreSchema } from '../../../common/validation/store-schema';
import { saoPauloDayStartMs } from '../../../common/format/dates';
import { isUniqueViolation } from '../../db/dialect';
import type { Db } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { parseInput } from '../../errors/parse-input';
import { recordAudit, type AuditActor } from '../staff';
import { nowOf, type OperatorDeps } from '../service-deps';
import {
  findStoreByCnpj,
  findStoreBySlug,
  insertStore,
  listStores,
  setStoreActive,
  signUpsPerStore,
  signUpsPerStoreDay,
  type StoreRow,
} from './repository';

export const STORE_OPERATOR_MESSAGES = {
  slugTaken: 'Já existe uma loja com este endereço (slug).',
  cnpjTaken: 'Já existe uma loja com este CNPJ.',
  notFound: (slug: string) => `Nenhuma loja com o endereço ${slug}.`,
  day: 'Use datas como 2026-11-24.',
  order: 'A data inicial deve ser antes da final.',
  tooLong: (days: number) => `Escolha um período de até ${days} dias.`,
} as const;

/** A store by its slug, or NOT_FOUND with the slug in the message (the terminal prints it as it is). */
export async function requireStore(db: Db, slug: string): Promise<StoreRow> {
  const store = await findStoreBySlug(db, slug.trim().slice(0, 100));
  if (!store) throw new DomainError('NOT_FOUND', STORE_OPERATOR_MESSAGES.notFound(slug.trim().slice(0, 100)));
  return store;
}

const storeObject = (store: Pick<StoreRow, 'slug' | 'name'>) => ({
  type: 'store',
  id: store.slug ?? '',
  label: store.name,
});

/**
 * Adds a store with its sign-up link; each invalid field is refused with its pt-BR message, then an address or a
 * CNPJ another store has.
 */
export async function addStore(deps: OperatorDeps, actor: AuditActor, input: unknown): Promise<StoreRow> {
  const { slug, name, city, uf, cnpj } = parseInput(newStoreSchema, input);
  try {
    return await runInTransaction(deps.db, async (trx) => {
      if (await findStoreBySlug(trx, slug)) {
        throw new DomainError('BAD_USER_INPUT', STORE_OPERATOR_MESSAGES.slugTaken, 'slug');
      }
      if (cnpj && (await findStoreByCnpj(trx, cnpj))) {
        throw new DomainError('BAD_USER_INPUT', STORE_OPERATOR_MESSAGES.cnpjTaken, 'cnpj');
      }
      const store = await insertStore(trx, { slug, name, city, uf, cnpj: cnpj ?? null });
      await recordAudit(
        trx,
        actor,
        {
          action: 'store.add',
          object: storeObject(store),
          after: { name, city, uf, cnpj: cnpj ?? null, active: true },
        },
        nowOf(deps),
      );
      return store;
    });
  } catch (error) {
    // Two adds racing: the unique indexes let one through.
    if (isUniqueViolation(error)) throw new DomainError('BAD_USER_INPUT', STORE_OPERATOR_MESSAGES.slugTaken, 'slug');
    throw error;
  }
}

/**
 * Disables a store (its sign-up link and kiosks stop linking anyone) or enables it again. Asking for the state it is
 * already in changes nothing and writes no audit line.
 */
export async function setActive(
  deps: OperatorDeps,
  actor: AuditActor,
  slug: string,
  active: boolean,
): Promise<StoreRow> {
  return runInTransaction(deps.db, async (trx) => {
    const store = await requireStore(trx, slug);
    if ((store.active === 1) === active) return store;
    await setStoreActive(trx, store.id, active);
    await recordAudit(
      trx,
      actor,
      {
        action: active ? 'store.enable' : 'store.disable',
        object: storeObject(store),
        before: { active: !active },
        after: { active },
      },
      nowOf(deps),
    );
    return { ...store, active: active ? 1 : 0 };
  });
}

export const storesList = ({ db }: OperatorDeps) => listStores(db);

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(day: string): boolean {
  const at = DAY.test(day) ? Date.parse(`${day}T00:00:00.000Z`) : Number.NaN;
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

export interface ReportPeriod {
  readonly fromDay: string;
  readonly toDay: string;
  /** [fromAt, toAt) in UTC ISO. */
  readonly fromAt: string;
  readonly toAt: string;
}

/**
 * [from, to] as São Paulo days (YYYY-MM-DD, both included): the 30 days up to today by default. A day that is not
 * one (the first one), a range that ends before it starts, or one longer than `maxDays` is refused under its field.
 */
export function reportPeriod(now: Date, from?: string | null, to?: string | null, maxDays?: number): ReportPeriod {
  if (from && !isDay(from)) throw new DomainError('BAD_USER_INPUT', STORE_OPERATOR_MESSAGES.day, 'from');
  if (to && !isDay(to)) throw new DomainError('BAD_USER_INPUT', STORE_OPERATOR_MESSAGES.day, 'to');
  const toDay = to || new Date(now.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const fromDay = from || new Date(saoPauloDayStartMs(toDay) - 29 * DAY_MS).toISOString().slice(0, 10);
  if (fromDay > toDay) throw new DomainError('BAD_USER_INPUT', STORE_OPERATOR_MESSAGES.order, 'to');
  const days = (saoPauloDayStartMs(toDay) - saoPauloDayStartMs(fromDay)) / DAY_MS + 1;
  if (maxDays !== undefined && days > maxDays) {
    throw new DomainError('BAD_USER_INPUT', STORE_OPERATOR_MESSAGES.tooLong(maxDays), 'from');
  }
  return {
    fromDay,
    toDay,
    fromAt: new Date(saoPauloDayStartMs(fromDay)).toISOString(),
    toAt: new Date(saoPauloDayStartMs(toDay) + DAY_MS).toISOString(),
  };
}

/** Sign-ups per store per São Paulo day for [from, to] (both YYYY-MM-DD, inclusive); the last 30 days by default. */
export async function storesReport(deps: OperatorDeps, from?: string, to?: string) {
  const period = reportPeriod(nowOf(deps), from, to);
  return {
    fromDay: period.fromDay,
    toDay: period.toDay,
    rows: await signUpsPerStoreDay(deps.db, period.fromAt, period.toAt),
  };
}

/** The longest period one store's chart shows: a year, leap day included. */
export const STORE_REPORT_MAX_DAYS = 366;

/** One store's sign-ups for every day of the period, days without any included (a chart has no gaps). */
export async function storeSignUpsPerDay(deps: OperatorDeps, slug: string, from?: string | null, to?: string | null) {
  const store = await requireStore(deps.db, slug);
  const period = reportPeriod(nowOf(deps), from, to, STORE_REPORT_MAX_DAYS);
  const rows = await signUpsPerStoreDay(deps.db, period.fromAt, period.toAt, store.slug ?? '');
  const byDay = new Map(rows.map((r) => [r.day, r.signUps]));
  const days: { day: string; signUps: number }[] = [];
  for (let at = saoPauloDayStartMs(period.fromDay); at <= saoPauloDayStartMs(period.toDay); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push({ day, signUps: byDay.get(day) ?? 0 });
  }
  return {
    store,
    fromDay: period.fromDay,
    toDay: period.toDay,
    total: days.reduce((sum, d) => sum + d.signUps, 0),
    days,
  };
}

/** Sign-ups through each store over the default report period (the last 30 São Paulo days), by slug. */
export async function signUpsLast30Days(deps: OperatorDeps): Promise<Map<string, number>> {
  const period = reportPeriod(nowOf(deps));
  return signUpsPerStore(deps.db, period.fromAt, period.toAt);
}
