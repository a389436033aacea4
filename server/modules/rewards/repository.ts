// Every query of the rewards module: the services hold the rules, this file only reads and writes rows.
import { sql, type ExpressionBuilder, type Insertable, type SelectQueryBuilder } from 'kysely';
import type {
  Database,
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
  /**
   * Whether the member can take it now (at most `maxPoints`, a unit left, under the member's limit): `only` keeps
   * those ("Posso trocar agora"), `none` keeps the others; null keeps every reward.
   */
  canTake: { maxPoints: number; userId: number; keep: 'only' | 'none' } | null;
  /** Keyset: rewards after this (points, id). */
  after: { points: number; id: number } | null;
}

type RewardQuery = SelectQueryBuilder<Database, 'rewards', RewardRow>;

/**
 * What "the member can take it now" means everywhere (the catalogue's order and "Posso trocar agora", home's reward):
 * a unit left — for a voucher or a course, a free code as well — and fewer orders of it than its per-member limit.
 */
function takeableBy(eb: ExpressionBuilder<Database, 'rewards'>, userId: number) {
  return eb.and([
    eb('stock', '>', 0),
    eb.or([
      eb('type', 'not in', ['vale', 'curso']),
      eb.exists(
        eb
          .selectFrom('reward_codes')
          .select('reward_codes.id')
          .whereRef('reward_codes.reward_id', '=', 'rewards.id')
          .where('reward_codes.order_id', 'is', null),
      ),
    ]),
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
  ]);
}

const activeRewards = (db: Db, at: string): RewardQuery =>
  db
    .selectFrom('rewards')
    .selectAll()
    .where('draft', '=', 0)
    .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', at)]))
    .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>', at)]));

/** Active rewards, cheapest first on (points, id), `limit` rows. */
export function catalogue(db: Db, filter: CatalogueFilter, limit: number): Promise<RewardRow[]> {
  let query = activeRewards(db, filter.at);
  if (filter.category) query = query.where('category', '=', filter.category);
  const { canTake } = filter;
  if (canTake) {
    query = query.where((eb) => {
      const takeable = eb.and([eb('points', '<=', canTake.maxPoints), takeableBy(eb, canTake.userId)]);
      return canTake.keep === 'only' ? takeable : eb.not(takeable);
    });
  }
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
  const query = activeRewards(db, at).where((eb) => takeableBy(eb, userId));
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

/** The member's orders that count against each reward's limit, for the rewards given. */
export async function heldCounts(db: Db, userId: number, rewardIds: readonly number[]): Promise<Map<number, number>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reward_orders')
    .select(['reward_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('user_id', '=', userId)
    .where('reward_id', 'in', [...rewardIds])
    .where('status', '!=', 'cancelled')
    .groupBy('reward_id')
    .execute();
  return new Map(rows.map((r) => [r.reward_id, Number(r.n)]));
}

/** How many reward orders the member has made, cancelled ones included. */
export async function countOwnOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('reward_orders')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
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

/** The trail's lines about one order, oldest first: who moved it, and how (the painel's "Quem fez"). */
export const auditOfOrder = (db: Db, orderId: number) =>
  db
    .selectFrom('staff_audit')
    .select(['actor_name', 'action', 'before', 'after', 'created_at'])
    .where('object_type', '=', 'reward_order')
    .where('object_id', '=', String(orderId))
    .orderBy('id')
    .execute();

export const insertReward = (db: Db, values: Insertable<RewardsTable>) =>
  db.insertInto('rewards').values(values).returning('id').executeTakeFirstOrThrow();

/** Everything a reward's file says, except the stock: that is the operator's count once the reward exists. */
export const updateRewardFromFile = (
  db: Db,
  id: number,
  values: Omit<Insertable<RewardsTable>, 'slug' | 'stock' | 'created_at'>,
) => db.updateTable('rewards').set(values).where('id', '=', id).execute();

// ---- Codes -----------------------------------------------------------------------------------------------------

/** Adds codes to a reward's pool; a code already in any pool is skipped. Returns how many were added. */
export async function insertCodes(
  db: Db,
  rewardId: number,
  codes: readonly { code: string; validUntil: string }[],
  at: string,
): Promise<number> {
  let added = 0;
  // In slices: SQLite takes at most 32,766 bound values in one statement.
  for (let i = 0; i < codes.length; i += 500) {
    const rows = codes.slice(i, i + 500).map((c) => ({
      reward_id: rewardId,
      code: c.code,
      valid_until: c.validUntil,
      order_id: null,
      given_at: null,
      created_at: at,
    }));
    const inserted = await db
      .insertInto('reward_codes')
      .values(rows)
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .execute();
    added += inserted.length;
  }
  return added;
}

/** Free codes per reward, for the rewards given. */
export async function freeCodeCounts(db: Db, rewardIds: readonly number[]): Promise<Map<number, number>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reward_codes')
    .select(['reward_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('reward_id', 'in', [...rewardIds])
    .where('order_id', 'is', null)
    .groupBy('reward_id')
    .execute();
  return new Map(rows.map((r) => [r.reward_id, Number(r.n)]));
}

/** Free and given codes per reward, for every reward with a pool (the painel's stock page). */
export async function codeCounts(db: Db): Promise<Map<number, { free: number; given: number }>> {
  const rows = await db
    .selectFrom('reward_codes')
    .select([
      'reward_id',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.count<string | number>('order_id').as('given'),
    ])
    .groupBy('reward_id')
    .execute();
  return new Map(rows.map((r) => [r.reward_id, { free: Number(r.n) - Number(r.given), given: Number(r.given) }]));
}

/** Orders for the painel's queue, oldest first (keyset on id), with their reward and member. */
export function ordersForStaff(
  db: Db,
  filter: { statuses: readonly RewardOrderStatus[]; held: boolean | null },
  afterId: number | null,
  limit: number,
) {
  let query = db
    .selectFrom('reward_orders')
    .innerJoin('rewards', 'rewards.id', 'reward_orders.reward_id')
    .innerJoin('users', 'users.id', 'reward_orders.user_id')
    .selectAll('reward_orders')
    .select([
      'rewards.name as reward_name',
      'rewards.type as reward_type',
      'users.name as member_name',
      'users.sur_name as member_sur_name',
      'users.cpf as member_cpf',
    ])
    .where('reward_orders.status', 'in', [...filter.statuses]);
  if (filter.held === true) query = query.where('reward_orders.review_reason', 'is not', null);
  if (filter.held === false) {
    query = query.where((eb) =>
      eb.or([eb('reward_orders.review_reason', 'is', null), eb('reward_orders.status', '!=', 'requested')]),
    );
  }
  if (afterId !== null) query = query.where('reward_orders.id', '>', afterId);
  return query.orderBy('reward_orders.id').limit(limit).execute();
}

/**
 * Gives the oldest free code of a reward to an order. The update's own condition (still free) decides: when a
 * concurrent order took the candidate first (PostgreSQL re-checks it after the other commits), the next one is tried.
 * Undefined when the pool is empty.
 */
export async function giveCode(db: Db, rewardId: number, orderId: number, at: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = await db
      .selectFrom('reward_codes')
      .select('id')
      .where('reward_id', '=', rewardId)
      .where('order_id', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    const given = await db
      .updateTable('reward_codes')
      .set({ order_id: orderId, given_at: at })
      .where('id', '=', candidate.id)
      .where('order_id', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (given) return given;
  }
  throw new Error('no free reward code after 20 attempts');
}

export const codesOfOrders = (db: Db, orderIds: readonly number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('reward_codes')
        .selectAll()
        .where('order_id', 'in', [...orderIds])
        .execute();

export const clearReview = (db: Db, id: number, at: string) =>
  db
    .updateTable('reward_orders')
    .set({ review_reason: null, updated_at: at })
    .where('id', '=', id)
    .where('review_reason', 'is not', null)
    .where('status', '=', 'requested')
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows) === 1);

/**
 * The rewards' part of deleting a member with their data (ClubModule.removeMember): orders and their events go by
 * the cascade from users (the audit trail keeps its lines, as it does of every removal); the voucher and course codes
 * given to those orders go too (they were the member's, and a code keeps its order). The stock is the operator's
 * count and stays as it is. No file of the member's.
 */
export async function forgetMemberOrders(db: Db, member: { id: number }): Promise<string[]> {
  await db
    .deleteFrom('reward_codes')
    .where('order_id', 'in', (eb) => eb.selectFrom('reward_orders').select('id').where('user_id', '=', member.id))
    .execute();
  return [];
}
