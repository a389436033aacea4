'use client';
import { QStaffApprovalRules } from '@/lib/painel/operations';
import { usePainelQuery } from '../use-painel-query';

export interface ApprovalRules {
  confirmPoints: number;
  fourEyesPoints: number;
}

/**
 * The club's thresholds of large approvals (REVIEW_CONFIRM_POINTS, REVIEW_FOUR_EYES_POINTS), and whether an approval
 * asks for the confirmation dialog: a flag, or more than the first. Until they arrive, every approval asks.
 */
export function useApprovalRules() {
  const { data } = usePainelQuery(QStaffApprovalRules, { variables: {} });
  const rules: ApprovalRules | null = data?.staffApprovalRules ?? null;
  return {
    rules,
    asks: (points: number, flagged: boolean) => flagged || rules === null || points > rules.confirmPoints,
  };
}
