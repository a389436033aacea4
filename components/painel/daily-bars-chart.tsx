import { formatDate } from '@/common/format/dates';
import { formatCount, formatPoints } from '@/common/format/numbers';

export interface DailyCount {
  readonly day: string;
  readonly count: number;
}

const WIDTH = 720;
const HEIGHT = 180;
const AXIS = 24;

/**
 * A label every 7 days (every 14, 21… on a longer period, so about eight fit) and on the last, skipping one too close
 * to the last to fit beside it.
 */
function tickAt(i: number, count: number): boolean {
  const every = 7 * Math.max(1, Math.ceil(count / 56));
  return i === count - 1 || (i % every === 0 && count - 1 - i >= (every * 4) / 7);
}

/** The unit of the sign-up charts (home, a store's page). */
export const SIGN_UPS = ['cadastro', 'cadastros'] as const;

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * Counts per day as standing bars (an SVG drawn from the numbers, no chart library: a few dozen rectangles), with the
 * same numbers as a table under "Ver os números" for a screen reader, a keyboard or a copy into a spreadsheet.
 */
export function DailyBarsChart({
  title,
  rows,
  unit,
}: {
  title: string;
  rows: readonly DailyCount[];
  /** The counted thing, one and many: ['cadastro', 'cadastros']. */
  unit: readonly [string, string];
}) {
  const peak = Math.max(0, ...rows.map((r) => r.count));
  // The bars' scale: an empty period draws flat bars instead of dividing by zero.
  const max = Math.max(1, peak);
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const slot = WIDTH / Math.max(1, rows.length);
  const first = rows[0];
  const last = rows.at(-1);
  const period =
    first && last ? `de ${formatDate(`${first.day}T15:00:00Z`)} a ${formatDate(`${last.day}T15:00:00Z`)}` : '';
  const counted = formatCount(total, ...unit);
  const summary =
    total === 0
      ? `${title}: nenhum ${unit[0]} ${period}.`
      : `${title}: ${counted} ${period}, no máximo ${formatCount(peak, ...unit)} num dia.`;
  return (
    <figure className="daily-chart">
      <svg className="daily-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-label={summary}>
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="daily-chart__axis" />
        {rows.map((r, i) => {
          const height = (r.count / max) * (HEIGHT - 16);
          return (
            <g key={r.day}>
              <rect
                x={i * slot + slot * 0.15}
                y={HEIGHT - height}
                width={slot * 0.7}
                height={height}
                className="daily-chart__bar"
              >
                <title>{`${dayLabel(r.day)}: ${formatPoints(r.count)} ${unit}`}</title>
              </rect>
              {tickAt(i, rows.length) ? (
                <text
                  x={i === 0 ? 0 : i === rows.length - 1 ? WIDTH : i * slot + slot / 2}
                  y={HEIGHT + 16}
                  textAnchor={i === 0 ? 'start' : i === rows.length - 1 ? 'end' : 'middle'}
                  className="daily-chart__tick"
                >
                  {dayLabel(r.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">
        {total === 0
          ? `Nenhum ${unit[0]} ${period}.`
          : `${counted} ${period}; o dia mais alto teve ${formatCount(peak, ...unit)}.`}
      </figcaption>
      <details className="daily-chart__numbers">
        <summary>Ver os números</summary>
        <table className="painel-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">{unit[0]!.toUpperCase() + unit.slice(1)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.day}>
                <th scope="row">{formatDate(`${r.day}T15:00:00Z`)}</th>
                <td>{formatPoints(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
