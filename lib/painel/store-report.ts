/** What the store screens share: the sign-ups report as a CSV, the chart's scale, and the periods to choose from. */

export interface SignUpDay {
  readonly day: string;
  readonly signUps: number;
}

/** "2026-11-24" → "24/11/2026", as the screen and the spreadsheet read a day. */
export const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** "2026-11-24" → "24/11", under a bar. */
export const shortDayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * The report as a CSV a spreadsheet set to Portuguese opens as it is: `;` between fields, a byte-order mark so accents
 * read right, one line per day and the total last. Made in the browser from the numbers on screen: a year of days is
 * a few kilobytes, with no member's data in it.
 */
export function signUpsCsv(store: { slug: string; name: string }, days: readonly SignUpDay[]): string {
  // The store's name is the club's own text, but a leading =, +, - or @ would still run as a formula.
  const name = /^[=+\-@\t\r]/.test(store.name) ? `'${store.name}` : store.name;
  const quoted = /[;"\r\n]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
  const lines = ['dia;loja;cadastros', ...days.map((d) => `${dayLabel(d.day)};${quoted};${d.signUps}`)];
  lines.push(`total;${quoted};${days.reduce((sum, d) => sum + d.signUps, 0)}`);
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

export const signUpsCsvName = (slug: string, fromDay: string, toDay: string) =>
  `cadastros-${slug}-${fromDay}-a-${toDay}.csv`;

/**
 * The chart's top and its marks: a round number at or above the largest day, split in up to four steps of whole
 * sign-ups (a day never has half a sign-up).
 */
export function chartScale(max: number): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 1, ticks: [0, 1] };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return { top, ticks };
}

/** A São Paulo day `n` days before `day` (both YYYY-MM-DD). */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) - n * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The periods the store screen offers before "Outro período". */
export const PERIODS = [
  { days: 7, label: 'Últimos 7 dias' },
  { days: 30, label: 'Últimos 30 dias' },
  { days: 90, label: 'Últimos 90 dias' },
  { days: 365, label: 'Últimos 12 meses' },
] as const;
