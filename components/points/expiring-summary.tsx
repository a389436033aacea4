import { formatPoints } from '@/common/format/numbers';

/**
 * The amounts are cumulative (what expires within 30 days is part of what expires within 90), so they are said once,
 * as one sentence, instead of three chips that read as a sum.
 */
export function ExpiringSummary({ in30, in90 }: { in30: number; in90: number }) {
  if (in90 === 0) return <p className="muted">Nenhum ponto vence nos próximos 90 dias.</p>;
  return (
    <p className="expiring-summary">
      Nos próximos 90 dias vencem <strong>{formatPoints(in90)} pontos</strong>
      {in30 === in90
        ? ', todos nos próximos 30 dias.'
        : in30 > 0
          ? `, dos quais ${formatPoints(in30)} nos próximos 30 dias.`
          : ', nenhum nos próximos 30 dias.'}
    </p>
  );
}
