import { chartScale, dayLabel, shortDayLabel, type SignUpDay } from '@/lib/painel/store-report';

const WIDTH = 760;
const HEIGHT = 220;
const LEFT = 36;
const BOTTOM = 28;
const TOP = 8;
const LABELS = 7;

/**
 * Sign-ups per day as bars, drawn by hand: a few lines of SVG do what a charting library would add tens of kilobytes
 * for. The picture has one accessible name with what it shows; the same numbers are in the table beside it, for a
 * screen reader and for anyone who wants the exact count of a day.
 */
export function SignUpsChart({ days, caption }: { days: readonly SignUpDay[]; caption: string }) {
  const max = Math.max(0, ...days.map((d) => d.signUps));
  const { top, ticks } = chartScale(max);
  const plotWidth = WIDTH - LEFT - 4;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(days.length, 1);
  const bar = Math.max(1, slot * 0.7);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const every = Math.max(1, Math.ceil(days.length / LABELS));
  const busiest = days.find((d) => d.signUps === max);
  const total = days.reduce((sum, d) => sum + d.signUps, 0);
  const summary =
    days.length === 0
      ? 'Nenhum dia no período.'
      : `${caption}: ${total} no total` +
        (max > 0 && busiest ? `; o dia com mais cadastros foi ${dayLabel(busiest.day)}, com ${max}.` : '.');

  return (
    <div className="painel-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="painel-chart__svg">
        {ticks.map((tick) => (
          <g key={tick} aria-hidden="true">
            <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} className="painel-chart__grid" />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" className="painel-chart__label">
              {tick}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = LEFT + i * slot + (slot - bar) / 2;
          return (
            <g key={d.day} aria-hidden="true">
              {d.signUps > 0 && (
                <rect x={x} y={y(d.signUps)} width={bar} height={y(0) - y(d.signUps)} className="painel-chart__bar">
                  <title>{`${dayLabel(d.day)}: ${d.signUps}`}</title>
                </rect>
              )}
              {(i % every === 0 || i === days.length - 1) &&
                (i === days.length - 1 || days.length - 1 - i >= every / 2) && (
                  <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" className="painel-chart__label">
                    {shortDayLabel(d.day)}
                  </text>
                )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
