import { formatMonth } from '@/lib/format/dates';
import { formatCompactPoints, formatPoints } from '@/lib/format/numbers';

/**
 * Bars of the balance at the end of each of the last 12 months, each with its value on top (a bar alone says
 * "more" or "less", not how much), and the exact values in a table.
 */
export function BalanceChart({ history }: { history: { month: string; balance: number }[] }) {
  const max = Math.max(1, ...history.map((h) => h.balance));
  const width = 360;
  const height = 140;
  /** Room above the tallest bar for its value. */
  const top = 14;
  const gap = 6;
  const bar = (width - gap * (history.length - 1)) / Math.max(1, history.length);
  return (
    <figure className="balance-chart">
      <svg
        viewBox={`0 -${top} ${width} ${height + top + 22}`}
        role="img"
        aria-labelledby="balance-chart-caption"
        className="balance-chart__svg"
      >
        {history.map((h, i) => {
          const barHeight = Math.max(0, (Math.max(0, h.balance) / max) * height);
          const x = i * (bar + gap);
          return (
            <g key={h.month}>
              <rect x={x} y={height - barHeight} width={bar} height={barHeight} rx={3} className="balance-chart__bar" />
              <text x={x + bar / 2} y={height - barHeight - 4} textAnchor="middle" className="balance-chart__value">
                {formatCompactPoints(h.balance)}
              </text>
              <text x={x + bar / 2} y={height + 17} textAnchor="middle" className="balance-chart__label">
                {formatMonth(h.month).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption id="balance-chart-caption">Saldo no fim de cada mês, nos últimos 12 meses</figcaption>
      <details className="balance-chart__values">
        <summary>Ver os valores do gráfico</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Mês</th>
              <th scope="col">Saldo</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h) => (
              <tr key={h.month}>
                <td>{formatMonth(h.month)}</td>
                <td>{formatPoints(h.balance)} pontos</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
