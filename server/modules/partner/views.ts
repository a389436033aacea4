import type { PartnerTransferRow } from '../../db/schema';

type StatusEnum = 'REQUESTED' | 'COMPLETED' | 'REFUSED';

export interface PartnerTransferView {
  id: string;
  status: StatusEnum;
  program: string;
  accountId: string;
  points: number;
  partnerPoints: number;
  refuseReason: string | null;
  refundedPoints: number;
  createdAt: string;
  settledAt: string | null;
}

export const toTransferView = (row: PartnerTransferRow): PartnerTransferView => ({
  id: String(row.id),
  status: row.status.toUpperCase() as StatusEnum,
  program: row.program,
  accountId: row.account_id,
  points: row.points,
  partnerPoints: row.partner_points,
  refuseReason: row.refuse_reason,
  refundedPoints: row.refund_entry_id === null ? 0 : row.points,
  createdAt: row.created_at,
  settledAt: row.settled_at,
});
