/** What the store screen's report uses: the sign-ups as a CSV, and the periods to choose from. */

export interface SignUpDay {
  readonly day: string;
  readonly signUps: number;
}

/** "2026-11-24" → "24/11/2026", as a spreadsheet set to Portuguese reads a day. */
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

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
