/** What the painel's rewards screens (premios) share: their documents, labels and links. */
import { painelRoutes } from '@/common/painel/routes';
import type { StaffPartnerTransferStatus, StaffRewardOrderStatus } from './operations.generated';

export type * from './operations.generated';
export {
  QStaffRewardOrdersDocument as QStaffRewardOrders,
  QStaffRewardOrderDocument as QStaffRewardOrder,
  MStaffSeparateRewardOrderDocument as MStaffSeparateRewardOrder,
  MStaffShipRewardOrderDocument as MStaffShipRewardOrder,
  MStaffCorrectRewardTrackingDocument as MStaffCorrectRewardTracking,
  MStaffDeliverRewardOrderDocument as MStaffDeliverRewardOrder,
  MStaffCancelRewardOrderDocument as MStaffCancelRewardOrder,
  MStaffReleaseRewardOrderDocument as MStaffReleaseRewardOrder,
  QStaffRewardStockDocument as QStaffRewardStock,
  MStaffSetRewardStockDocument as MStaffSetRewardStock,
  MStaffAddRewardCodesDocument as MStaffAddRewardCodes,
  MStaffGenerateRewardCodesDocument as MStaffGenerateRewardCodes,
  QStaffPartnerTransfersDocument as QStaffPartnerTransfers,
  MStaffConfirmPartnerTransferDocument as MStaffConfirmPartnerTransfer,
  MStaffRefusePartnerTransferDocument as MStaffRefusePartnerTransfer,
} from './operations.generated';

/** The same words the member reads in Meus resgates, so both sides name a status alike. */
const ORDER_STATUS_LABELS: Readonly<Record<StaffRewardOrderStatus, string>> = {
  REQUESTED: 'Solicitado',
  IN_REVIEW: 'Em análise',
  SEPARATING: 'Em separação',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregue',
  CANCELLED: 'Cancelado',
};

export const orderStatusLabel = (status: StaffRewardOrderStatus): string => ORDER_STATUS_LABELS[status];

const TYPE_LABELS: Readonly<Record<string, string>> = {
  produto: 'Produto',
  vale: 'Vale-compra',
  curso: 'Curso',
  experiencia: 'Experiência',
};

/** `produto` → "Produto". */
export const rewardTypeLabel = (type: string): string => TYPE_LABELS[type] ?? type;

/** The queue's status filter; empty: every open order. */
export const ORDER_FILTERS: readonly { value: StaffRewardOrderStatus | ''; label: string }[] = [
  { value: '', label: 'Em aberto (solicitados, em análise, em separação, enviados)' },
  { value: 'REQUESTED', label: 'Solicitados' },
  { value: 'IN_REVIEW', label: 'Em análise (retidos)' },
  { value: 'SEPARATING', label: 'Em separação' },
  { value: 'SHIPPED', label: 'Enviados' },
  { value: 'DELIVERED', label: 'Entregues' },
  { value: 'CANCELLED', label: 'Cancelados' },
];

export const isOrderFilter = (value: string | null): value is StaffRewardOrderStatus | '' =>
  value !== null && ORDER_FILTERS.some((f) => f.value === value);

/** The carriers offered first in the shipping form (any other may be typed). */
export const CARRIERS: readonly string[] = ['Correios', 'Jadlog', 'Loggi', 'Total Express'];

export const orderHref = (id: string) => `${painelRoutes.painelRewardOrder()}?id=${encodeURIComponent(id)}`;

export const TRANSFER_STATUS_LABELS: Readonly<Record<StaffPartnerTransferStatus, string>> = {
  REQUESTED: 'Aguardando o parceiro',
  COMPLETED: 'Concluída',
  REFUSED: 'Recusada',
};

/** The terminal's audit verbs of an order, as the timeline names them. */
export const ORDER_ACTION_LABELS: Readonly<Record<string, string>> = {
  separating: 'Em separação',
  shipped: 'Enviado',
  tracking: 'Rastreio corrigido',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
  release: 'Liberado da análise',
};

/** The rewards desk's pages, for the tabs at the top of each. */
export const REWARD_DESK_TABS = [
  { href: painelRoutes.painelRewards(), label: 'Resgates' },
  { href: painelRoutes.painelRewardStock(), label: 'Estoque e códigos' },
  { href: painelRoutes.painelPartnerTransfers(), label: 'Transferências ao parceiro' },
] as const;
