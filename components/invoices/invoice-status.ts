import type { InvoiceStatus } from '@/lib/graphql/generated/graphql';

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  RECEIVED: 'Recebida',
  IN_REVIEW: 'Em análise',
  APPROVED: 'Aprovada',
  REJECTED: 'Recusada',
};
