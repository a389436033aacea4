import type { RewardOrderEventRow, RewardOrderRow, RewardRow } from '../../db/schema';
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

type StatusEnum = 'REQUESTED' | 'SEPARATING' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED';

export interface RewardOrderView {
  id: string;
  reward: RewardView;
  status: StatusEnum;
  points: number;
  address: DeliveryAddress | null;
  carrier: string | null;
  trackingCode: string | null;
  cancelReason: string | null;
  refundedPoints: number;
  events: { status: StatusEnum; note: string | null; at: string }[];
  createdAt: string;
}

/** The reward as the member sees it, with what their balance says of it. */
export const toRewardView = (row: RewardRow, balance: number): RewardView => ({
  slug: row.slug,
  name: row.name,
  photos: photoViews(row.photos),
  category: row.category.toUpperCase() as RewardView['category'],
  type: row.type.toUpperCase() as RewardView['type'],
  points: row.points,
  stock: row.stock,
  perMemberLimit: row.per_member_limit,
  activeFrom: row.active_from,
  activeTo: row.active_to,
  delivery: row.delivery,
  description: row.description,
  needsAddress: row.type === 'produto',
  affordable: balance >= row.points,
  missingPoints: Math.max(0, row.points - balance),
});

export const toOrderView = (
  order: RewardOrderRow,
  reward: RewardView,
  events: readonly RewardOrderEventRow[],
): RewardOrderView => ({
  id: String(order.id),
  reward,
  status: order.status.toUpperCase() as StatusEnum,
  points: order.points,
  address: order.address ? (JSON.parse(order.address) as DeliveryAddress) : null,
  carrier: order.carrier,
  trackingCode: order.tracking_code,
  cancelReason: order.cancel_reason,
  refundedPoints: order.refund_entry_id === null ? 0 : order.points,
  events: events.map((e) => ({ status: e.status.toUpperCase() as StatusEnum, note: e.note, at: e.created_at })),
  createdAt: order.created_at,
});
