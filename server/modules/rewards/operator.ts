import type { Db, RewardOrderRow, RewardOrderStatus } from '../../db/schema';
import { nowOf, type OperatorDeps } from '../service-deps';
import * as repo from './repository';
import { loadRewardFolder, rewardRow } from './catalogue';
import { keepPictures } from './photos';
import { cancelOrderIn } from './service';

/**
 * What the club does with rewards and orders until a back office exists (`npm run rewards`). Every action is written
 * to `reward_audit` with the operator's name, in the same transaction as the change; a status change also goes to
 * the order's timeline, which the member reads.
 */

export class RewardOperatorError extends Error {}

export const STATUS_LABELS: Record<RewardOrderStatus, string> = {
  requested: 'solicitado',
  separating: 'em-separacao',
  shipped: 'enviado',
  delivered: 'entregue',
  cancelled: 'cancelado',
};

/** `--status` in Portuguese (as listed) or as stored. */
export function parseStatus(value: string): RewardOrderStatus {
  const key = value.trim().toLowerCase();
  const found = (Object.entries(STATUS_LABELS) as [RewardOrderStatus, string][]).find(
    ([status, label]) => key === status || key === label,
  );
  if (!found) {
    throw new RewardOperatorError(`Situação inválida: use ${Object.values(STATUS_LABELS).join(', ')}.`);
  }
  return found[0];
}

export const listRewardsForOperator = (deps: OperatorDeps) => repo.allRewards(deps.db);

export const listOrdersForOperator = (deps: OperatorDeps, status: RewardOrderStatus | null) =>
  repo.ordersForOperator(deps.db, status);

async function findOrder(db: Db, ref: string): Promise<RewardOrderRow> {
  const id = /^#?\d{1,12}$/.test(ref) ? Number(ref.replace('#', '')) : null;
  const order = id === null ? undefined : await repo.orderById(db, id);
  if (!order) throw new RewardOperatorError(`Nenhum resgate com o número ${ref}.`);
  return order;
}

export interface OrderMove {
  /** False when the order was already there: nothing was written. */
  readonly changed: boolean;
  readonly order: RewardOrderRow;
}

const TOO_LATE: Partial<Record<RewardOrderStatus, string>> = {
  cancelled: 'Este resgate foi cancelado.',
  delivered: 'Este resgate já foi entregue.',
};

/** Moves an order to `to` from one of `from`, with its timeline event and the audit, in one transaction. */
async function moveOrder(
  deps: OperatorDeps,
  ref: string,
  actor: string,
  to: RewardOrderStatus,
  from: readonly RewardOrderStatus[],
  extra: { carrier?: string; tracking_code?: string; note?: string | null } = {},
): Promise<OrderMove> {
  const at = nowOf(deps).toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, ref);
    if (order.status === to) return { changed: false, order };
    if (!from.includes(order.status)) {
      throw new RewardOperatorError(
        TOO_LATE[order.status] ??
          `O resgate está "${STATUS_LABELS[order.status]}": só passa a "${STATUS_LABELS[to]}" a partir de ${from
            .map((s) => `"${STATUS_LABELS[s]}"`)
            .join(' ou ')}.`,
      );
    }
    const { note = null, ...columns } = extra;
    if (!(await repo.moveOrder(trx, order.id, from, { status: to, ...columns, updated_at: at }))) {
      throw new RewardOperatorError('O resgate mudou enquanto isso. Tente de novo.');
    }
    await repo.insertEvent(trx, order.id, to, note, at);
    await repo.insertAudit(trx, { rewardId: order.reward_id, orderId: order.id, actor, action: to, detail: note }, at);
    return { changed: true, order: (await repo.orderById(trx, order.id))! };
  });
}

export const separateOrder = (deps: OperatorDeps, ref: string, actor: string) =>
  moveOrder(deps, ref, actor, 'separating', ['requested']);

export function shipOrder(
  deps: OperatorDeps,
  ref: string,
  actor: string,
  shipment: { tracking: string; carrier?: string | null },
) {
  const tracking = shipment.tracking.trim();
  const carrier = shipment.carrier?.trim() || 'Correios';
  if (!/^[A-Za-z0-9-]{4,40}$/.test(tracking)) {
    throw new RewardOperatorError('Código de rastreio inválido: de 4 a 40 letras, números ou hífens.');
  }
  if (carrier.length > 60) throw new RewardOperatorError('O nome da transportadora pode ter no máximo 60 caracteres.');
  return moveOrder(deps, ref, actor, 'shipped', ['requested', 'separating'], {
    carrier,
    tracking_code: tracking,
    note: `${carrier} · ${tracking}`,
  });
}

export const deliverOrder = (deps: OperatorDeps, ref: string, actor: string) =>
  moveOrder(deps, ref, actor, 'delivered', ['shipped']);

/** The club cancels an order at any time before it is delivered: the points come back as a refund. */
export async function cancelOrderByClub(
  deps: OperatorDeps,
  ref: string,
  actor: string,
  rawReason: string,
): Promise<OrderMove> {
  const reason = rawReason.trim();
  if (reason.length < 5 || reason.length > 300) {
    throw new RewardOperatorError('Informe o motivo do cancelamento (de 5 a 300 caracteres): o membro o lê.');
  }
  const now = nowOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, ref);
    if (order.status === 'cancelled') return { changed: false, order };
    if (order.status === 'delivered') throw new RewardOperatorError(TOO_LATE.delivered!);
    await cancelOrderIn(trx, order, ['requested', 'separating', 'shipped'], reason, now);
    await repo.insertAudit(
      trx,
      { rewardId: order.reward_id, orderId: order.id, actor, action: 'cancelled', detail: reason },
      now.toISOString(),
    );
    return { changed: true, order: (await repo.orderById(trx, order.id))! };
  });
}

/** Sets what is left of a reward. */
export async function setRewardStock(
  deps: OperatorDeps,
  slug: string,
  rawStock: string,
  actor: string,
): Promise<{ before: number; after: number }> {
  if (!/^\d{1,7}$/.test(rawStock.trim())) {
    throw new RewardOperatorError('Estoque inválido: informe um número inteiro de 0 a 9999999.');
  }
  const stock = Number(rawStock.trim());
  const at = nowOf(deps).toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const reward = await repo.rewardBySlug(trx, slug);
    if (!reward) throw new RewardOperatorError(`Nenhum prêmio com o identificador ${slug}.`);
    await repo.setStock(trx, reward.id, stock, at);
    await repo.insertAudit(
      trx,
      { rewardId: reward.id, orderId: null, actor, action: 'stock', detail: `${reward.stock} → ${stock}` },
      at,
    );
    return { before: reward.stock, after: stock };
  });
}

/** The audit of one order, oldest first (the terminal's `orders` shows the last action). */
export const auditOf = (deps: OperatorDeps, orderId: number) => repo.auditOfOrder(deps.db, orderId);

/**
 * Loads a folder of reward files (content/premios by default) in one transaction: a new slug is added with the
 * file's stock, an existing one takes everything else from its file (its photos too) and keeps the stock the
 * operator counts.
 */
export async function importRewards(
  deps: OperatorDeps,
  folder: string,
  actor: string,
): Promise<{ added: string[]; updated: string[] }> {
  const sources = await loadRewardFolder(folder);
  const at = nowOf(deps).toISOString();
  return deps.db.transaction().execute(async (trx) => {
    await keepPictures(trx, sources);
    const added: string[] = [];
    const updated: string[] = [];
    for (const source of sources) {
      const existing = await repo.rewardBySlug(trx, source.slug);
      if (existing) {
        const { slug: _slug, stock: _stock, created_at: _created, ...fields } = rewardRow(source, at);
        await repo.updateRewardFromFile(trx, existing.id, fields);
        await repo.insertAudit(
          trx,
          { rewardId: existing.id, orderId: null, actor, action: 'import', detail: 'atualizado' },
          at,
        );
        updated.push(source.slug);
      } else {
        const { id } = await repo.insertReward(trx, rewardRow(source, at));
        await repo.insertAudit(
          trx,
          { rewardId: id, orderId: null, actor, action: 'import', detail: `novo, estoque ${source.stock}` },
          at,
        );
        added.push(source.slug);
      }
    }
    return { added, updated };
  });
}
