import type { RewardCodeRow, RewardOrderEventRow, RewardOrderRow, RewardRow } from '../../db/schema';
import { photoViews, type RewardPhotoView } from './photos';

export interface RewardView {
  slug: string;
  name: string;
  photos: RewardPhotoView[];
  category: 'FERRAMENTAS' | 'ACESSORIOS' | 'CURSOS' | 'VALES' | 'EXPERIENCIAS';
  type: 'PRODUTO' | 'VALE' | 'CURSO' | 'EXPERIENCIA';
  points: number;
  stock: number;
  perMemberLimit: number | null;
  activeFrom: string | null;
  activeTo: string | null;
  delivery: string;
  description: string;
  needsAddress: boolean;
  affordable: boolean;
  missingPoints: number;
  limitReached: boolean;
  draft: boolean;
}

export interface DeliveryAddress {
  cep: string;
  address: string;
  number: string;
  complement: string | null;
  district: string | null;
  city: string;
  uf: string;
}

type EventStatus = 'REQUESTED' | 'SEPARATING' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED';
type StatusEnum = EventStatus | 'IN_REVIEW';

export interface RewardOrderView {
  id: string;
  reward: RewardView;
  status: StatusEnum;
  points: number;
  address: DeliveryAddress | null;
  carrier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  code: { value: string; validUntil: string } | null;
  cancelReason: string | null;
  refundedPoints: number;
  events: { status: EventStatus; note: string | null; at: string }[];
  createdAt: string;
}

/** Vouchers and courses are delivered as a code from the reward's pool. */
export const givesCode = (reward: Pick<RewardRow, 'type'>) => reward.type === 'vale' || reward.type === 'curso';

/**
 * The carriers whose tracking page takes the code in its address. Another carrier shows its code without a link
 * (the member copies it into that carrier's site).
 */
const TRACKING_PAGES: Record<string, (code: string) => string> = {
  correios: (code) => `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(code)}`,
  jadlog: (code) => `https://www.jadlog.com.br/jadlog/tracking?cte=${encodeURIComponent(code)}`,
};

export const trackingUrl = (carrier: string | null, code: string | null): string | null =>
  carrier && code ? (TRACKING_PAGES[carrier.trim().toLowerCase()]?.(code) ?? null) : null;

/**
 * The reward as the member sees it, with what their balance and orders say of it. For a voucher or a course the
 * units shown are never more than the codes left in its pool.
 */
export interface MemberSide {
  readonly balance: number;
  /** The member's orders of each reward that count against its limit. */
  readonly held: ReadonlyMap<number, number>;
  /** Free codes of each voucher or course. */
  readonly freeCodes: ReadonlyMap<number, number>;
}

export const toRewardView = (row: RewardRow, { balance, held, freeCodes }: MemberSide): RewardView => ({
  slug: row.slug,
  name: row.name,
  photos: photoViews(row.photos),
  category: row.category.toUpperCase() as RewardView['category'],
  type: row.type.toUpperCase() as RewardView['type'],
  points: row.points,
  stock: givesCode(row) ? Math.min(row.stock, freeCodes.get(row.id) ?? 0) : row.stock,
  perMemberLimit: row.per_member_limit,
  activeFrom: row.active_from,
  activeTo: row.active_to,
  delivery: row.delivery,
  description: row.description,
  needsAddress: row.type === 'produto',
  affordable: balance >= row.points,
  missingPoints: Math.max(0, row.points - balance),
  limitReached: row.per_member_limit !== null && (held.get(row.id) ?? 0) >= row.per_member_limit,
  draft: row.draft === 1,
});

export const toOrderView = (
  order: RewardOrderRow,
  reward: RewardView,
  events: readonly RewardOrderEventRow[],
  code: RewardCodeRow | undefined,
): RewardOrderView => ({
  id: String(order.id),
  reward,
  // A held order is still "requested" in the table: the member reads "Em análise" until the club releases it.
  status:
    order.review_reason !== null && order.status === 'requested'
      ? 'IN_REVIEW'
      : (order.status.toUpperCase() as EventStatus),
  points: order.points,
  address: order.address ? (JSON.parse(order.address) as DeliveryAddress) : null,
  carrier: order.carrier,
  trackingCode: order.tracking_code,
  trackingUrl: trackingUrl(order.carrier, order.tracking_code),
  code: code ? { value: code.code, validUntil: code.valid_until } : null,
  cancelReason: order.cancel_reason,
  refundedPoints: order.refund_entry_id === null ? 0 : order.points,
  events: events.map((e) => ({ status: e.status.toUpperCase() as EventStatus, note: e.note, at: e.created_at })),
  createdAt: order.created_at,
});
