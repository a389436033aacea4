// Every query of the rewards module: the services hold the rules, this file only reads and writes rows.
import { sql, type Insertable } from 'kysely';
import type {
  Db,
  RewardCategory,
  RewardOrderRow,
  RewardOrderStatus,
  RewardOrdersTable,
  RewardRow,
  RewardsTable,
} from '../../db/schema';

// ---- Catalogue -------------------------------------------------------------------------------------------------

export interface CatalogueFilter {
  /** ISO instant: only rewards active then. */
  at: string;
  category: RewardCategory | null;
  /** Only rewards of at most this many points. */
  maxPoints: number | null;
  /** Keyset: rewards after this (points, id). */
  after: { points: number; id: number } | null;
}

/** Active rewards, cheapest first on (points, id), `limit` rows. */
export function catalogue(db: Db, filter: CatalogueFilter, limit: number): Promise<RewardRow[]> {
  let query = db
    .selectFrom('rewards')
    .selectAll()
    .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', filter.at)]))
    .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>', filter.at)]));
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.maxPoints !== null) query = query.where('points', '<=', filter.maxPoints);
  const { after } = filter;
  if (after) query = query.where(sql<boolean>`(points, id) > (${after.points}, ${after.id})`);
  return query.orderBy('points').orderBy('id').limit(limit).execute();
}

export const rewardBySlug = (db: Db, slug: string) =>
  db.selectFrom('rewards').selectAll().where('slug', '=', slug).executeTakeFirst();

export const rewardsByIds = (db: Db, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('rewards')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();

export const allRewards = (db: Db) => db.selectFrom('rewards').selectAll().orderBy('points').orderBy('id').execute();

/**
 * One reward the member could take (active at `at`, in stock, under the member's own limit), the dearest of those
 * costing at most `maxPoints` (`within`) or the cheapest of those costing more (`beyond`).
 */
export function takeableReward(
  db: Db,
  userId: number,
  at: string,
  maxPoints: number,
  side: 'within' | 'beyond',
): Promise<RewardRow | undefined> {
  const query = db
    .selectFrom('rewards')
    .selectAll()
    .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', at)]))
    .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>', at)]))
    .where('stock', '>', 0)
    .where((eb) =>
      eb.or([
        eb('per_member_limit', 'is', null),
        eb(
          'per_member_limit',
          '>',
          eb
            .selectFrom('reward_orders')
            .select((o) => o.fn.countAll<number>().as('held'))
            .whereRef('reward_orders.reward_id', '=', 'rewards.id')
            .where('reward_orders.user_id', '=', userId)
            .where('reward_orders.status', '!=', 'cancelled'),
        ),
      ]),
    );
  return (
    side === 'within'
      ? query.where('points', '<=', maxPoints).orderBy('points', 'desc').orderBy('id', 'desc')
      : query.where('points', '>', maxPoints).orderBy('points').orderBy('id')
  )
    .limit(1)
    .executeTakeFirst();
}

/** Adds the rewards not there yet (by slug); an existing reward, its stock above all, is left as the operator set it. */
export async function insertMissingRewards(db: Db, rows: readonly Insertable<RewardsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('rewards')
    .values([...rows])
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
}

/** Takes one unit when one is left: the row's own condition, so two takers of the last unit cannot both win. */
export async function takeOneUnit(db: Db, rewardId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('rewards')
    .set({ stock: sql`stock - 1`, updated_at: at })
    .where('id', '=', rewardId)
    .where('stock', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const giveBackOneUnit = (db: Db, rewardId: number, at: string) =>
  db
    .updateTable('rewards')
    .set({ stock: sql`stock + 1`, updated_at: at })
    .where('id', '=', rewardId)
    .execute();

export const setStock = (db: Db, rewardId: number, stock: number, at: string) =>
  db.updateTable('rewards').set({ stock, updated_at: at }).where('id', '=', rewardId).execute();

// ---- Orders ----------------------------------------------------------------------------------------------------

export const orderByAttempt = (db: Db, userId: number, key: string) =>
  db
    .selectFrom('reward_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export const ownOrder = (db: Db, userId: number, id: number) =>
  db.selectFrom('reward_orders').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export const orderById = (db: Db, id: number) =>
  db.selectFrom('reward_orders').selectAll().where('id', '=', id).executeTakeFirst();

/** The member's orders paid by (debit) or given back by (refund) these ledger entries. */
export const ordersOfLedgerEntries = (db: Db, userId: number, entryIds: readonly number[]) =>
  entryIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('reward_orders')
        .select(['id', 'debit_entry_id', 'refund_entry_id'])
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('debit_entry_id', 'in', [...entryIds]), eb('refund_entry_id', 'in', [...entryIds])]))
        .execute();

/** The member's orders of a reward that count against its limit (cancelled ones do not). */
export async function heldOrdersOf(db: Db, userId: number, rewardId: number): Promise<number> {
  const row = await db
    .selectFrom('reward_orders')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('reward_id', '=', rewardId)
    .where('user_id', '=', userId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Newest first, keyset on id. */
export const ownOrders = (db: Db, userId: number, beforeId: number | null, limit: number) => {
  let query = db.selectFrom('reward_orders').selectAll().where('user_id', '=', userId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
};

/** Every order for the terminal, the oldest waiting first, optionally of one status. */
export const ordersForOperator = (db: Db, status: RewardOrderStatus | null) => {
  let query = db
    .selectFrom('reward_orders')
    .innerJoin('rewards', 'rewards.id', 'reward_orders.reward_id')
    .innerJoin('users', 'users.id', 'reward_orders.user_id')
    .selectAll('reward_orders')
    .select(['rewards.slug', 'rewards.name as reward_name', 'users.name as member_name', 'users.cpf']);
  if (status) query = query.where('reward_orders.status', '=', status);
  return query.orderBy('reward_orders.id').execute();
};

export const insertOrder = (db: Db, values: Insertable<RewardOrdersTable>) =>
  db.insertInto('reward_orders').values(values).returningAll().executeTakeFirstOrThrow();

/** Moves an order from one status to the next; false when it was not in `from` any more. */
export async function moveOrder(
  db: Db,
  id: number,
  from: readonly RewardOrderStatus[],
  set: Partial<Pick<RewardOrderRow, 'status' | 'carrier' | 'tracking_code' | 'cancel_reason' | 'refund_entry_id'>> & {
    updated_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('reward_orders')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const insertEvent = (db: Db, orderId: number, status: RewardOrderStatus, note: string | null, at: string) =>
  db.insertInto('reward_order_events').values({ order_id: orderId, status, note, created_at: at }).execute();

export const eventsOf = (db: Db, orderIds: readonly number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('reward_order_events')
        .selectAll()
        .where('order_id', 'in', [...orderIds])
        .orderBy('id')
        .execute();

export const insertAudit = (
  db: Db,
  entry: { rewardId: number | null; orderId: number | null; actor: string; action: string; detail: string | null },
  at: string,
) =>
  db
    .insertInto('reward_audit')
    .values({
      reward_id: entry.rewardId,
      order_id: entry.orderId,
      actor: entry.actor,
      action: entry.action,
      detail: entry.detail,
      created_at: at,
    })
    .execute();

export const auditOfOrder = (db: Db, orderId: number) =>
  db.selectFrom('reward_audit').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const insertReward = (db: Db, values: Insertable<RewardsTable>) =>
  db.insertInto('rewards').values(values).returning('id').executeTakeFirstOrThrow();

/** Everything a reward's file says, except the stock: that is the operator's count once the reward exists. */
export const updateRewardFromFile = (
  db: Db,
  id: number,
  values: Omit<Insertable<RewardsTable>, 'slug' | 'stock' | 'created_at'>,
) => db.updateTable('rewards').set(values).where('id', '=', id).execute();
