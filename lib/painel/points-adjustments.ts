// Manual points adjustments on the member's page (admin): the documents (lib/painel/points-adjustments.graphql) as
// the component uses them, how the typed points are read, and the labels of what the API answers.
import { formatPoints, formatSignedPoints } from '@/common/format/numbers';

export type {
  StaffMemberPointsAdjustmentsFieldsFragment,
  StaffPointsAdjustmentFieldsFragment,
} from './operations.generated';
export {
  QStaffMemberPointsAdjustmentsDocument as QStaffMemberPointsAdjustments,
  MStaffAdjustMemberPointsDocument as MStaffAdjustMemberPoints,
  MStaffConfirmPointsAdjustmentDocument as MStaffConfirmPointsAdjustment,
  MStaffRefusePointsAdjustmentDocument as MStaffRefusePointsAdjustment,
  MStaffReversePointsAdjustmentDocument as MStaffReversePointsAdjustment,
} from './operations.generated';

export const ADJUSTMENT_REASON_MIN = 3;
export const ADJUSTMENT_REASON_MAX = 500;

export const ADJUSTMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Esperando outro admin',
  applied: 'Aplicado',
  refused: 'Recusado',
  reversed: 'Estornado',
};

/** "+150", "−1.500" (a true minus sign, as the member's extract writes it). */
export const signedPointsText = (points: number) => formatSignedPoints(points);

/**
 * The points as typed: "150", "+150", "-150", "−1.500" (the minus sign, a hyphen or a dash; dots between thousands).
 * Null for anything else.
 */
export function parseAdjustmentPoints(text: string): number | null {
  const normalized = text
    .trim()
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/\s+/g, '');
  if (!/^[+-]?\d{1,3}(\.\d{3})*$|^[+-]?\d+$/.test(normalized)) return null;
  const value = Number(normalized.replace(/\./g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

export const ADJUSTMENT_FORM_MESSAGES = {
  points: (max: number) =>
    `Informe os pontos: um número inteiro diferente de zero, até ${formatPoints(max)} (use − para debitar).`,
  reason: 'Informe o motivo (3 a 500 caracteres): o membro lê no extrato.',
  refuseReason: 'Informe o motivo da recusa (3 a 500 caracteres).',
  reverseReason: 'Informe o motivo do estorno (3 a 500 caracteres): o membro lê no extrato.',
} as const;

/** The form's first problem before asking the API, by field; null when it may be sent. */
export function adjustmentProblem(
  pointsText: string,
  reason: string,
  max: number,
): { field: 'points' | 'reason'; message: string } | null {
  const points = parseAdjustmentPoints(pointsText);
  if (points === null || points === 0 || Math.abs(points) > max)
    return { field: 'points', message: ADJUSTMENT_FORM_MESSAGES.points(max) };
  const length = reason.trim().length;
  if (length < ADJUSTMENT_REASON_MIN || length > ADJUSTMENT_REASON_MAX)
    return { field: 'reason', message: ADJUSTMENT_FORM_MESSAGES.reason };
  return null;
}
