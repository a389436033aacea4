import type { Db } from '../../../db/schema';
import { pointsEntries, pointsSummary, type PointsEntryView } from '../service';

/** The extract as the member reads it: every line (oldest first), the summary and the instant it was read. */
export interface Extract {
  readonly lines: readonly PointsEntryView[];
  readonly summary: Awaited<ReturnType<typeof pointsSummary>>;
  readonly now: Date;
}

/** Reads a member's whole extract through the member's own paths (every page of the list, then the summary). */
export async function readExtract(db: Db, now: number, userId: number): Promise<Extract> {
  const deps = { db, config: { now: () => now }, userId } as Parameters<typeof pointsSummary>[0];
  const newestFirst: PointsEntryView[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Awaited<ReturnType<typeof pointsEntries>> = await pointsEntries(deps, { first: 50, after });
    newestFirst.push(...page.data);
    if (!page.nextCursor) break;
    after = page.nextCursor;
  }
  const summary = await pointsSummary(deps);
  return { lines: newestFirst.reverse(), summary, now: new Date(now) };
}

/** The instant a chart month (YYYY-MM, São Paulo) ends. */
const monthEnd = (month: string) => {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 1, 3)).toISOString();
};

/**
 * Everything that does not add up in an extract, in pt-BR as a member would say it (empty when it reconciles):
 * - the balance is the sum of the lines, and the ledger's running balance after each line is the sum up to it;
 * - the lots (credits with a validity) are spent oldest first, never after they fell due, and each expiry line takes
 *   exactly what its lot still held (credit − what was spent of it), so nothing expires that was spent, or stays;
 * - what the summary says expires in the next 90 days is what the lots still hold with such a date;
 * - each month of the chart ends at the sum of the lines before that month's end.
 */
export function reconcile({ lines, summary, now }: Extract, runningBalances?: readonly number[]): string[] {
  const problems: string[] = [];
  const lots: { expiresAt: string; start: number; points: number }[] = [];
  let lotsTotal = 0;
  let spent = 0;
  let sum = 0;
  const held = (lot: (typeof lots)[number]) =>
    Math.max(0, Math.min(lot.points, lot.start + lot.points - Math.max(spent, lot.start)));
  lines.forEach((line, i) => {
    const at = `${line.createdAt} (${line.description})`;
    if (line.points > 0 && line.expiresAt) {
      lots.push({ expiresAt: line.expiresAt, start: lotsTotal, points: line.points });
      lotsTotal += line.points;
    } else if (line.points > 0) {
      spent -= line.points; // a refund that gives back the points spent last, in their own lots
      if (spent < 0) problems.push(`${at}: devolveu mais do que tinha sido gasto`);
    } else if (line.kind === 'EXPIRY') {
      const oldest = lots.find((lot) => held(lot) > 0);
      if (!oldest) problems.push(`${at}: venceram ${-line.points} pontos sem crédito a vencer`);
      else {
        if (oldest.expiresAt > line.createdAt) problems.push(`${at}: venceu um crédito antes do prazo`);
        if (held(oldest) !== -line.points)
          problems.push(`${at}: venceram ${-line.points} pontos de um crédito que ainda tinha ${held(oldest)}`);
      }
      spent -= line.points;
    } else {
      if (line.kind === 'REDEMPTION') {
        const due = lots.find((lot) => held(lot) > 0 && lot.expiresAt <= line.createdAt);
        if (due) problems.push(`${at}: gastou pontos já vencidos em ${due.expiresAt}`);
      }
      spent -= line.points;
    }
    sum += line.points;
    const running = runningBalances?.[i];
    if (running !== undefined && running !== sum)
      problems.push(`${at}: o saldo depois desta linha é ${running}, a soma das linhas dá ${sum}`);
  });
  if (summary.balance !== sum) problems.push(`saldo ${summary.balance}, soma das linhas ${sum}`);
  const stillHeld = lots.reduce((total, lot) => total + held(lot), 0);
  if (sum >= 0 && stillHeld !== sum) problems.push(`os créditos ainda guardam ${stillHeld}, o saldo é ${sum}`);
  const in90 = new Date(now.getTime() + 90 * 24 * 60 * 60 * 1000).toISOString();
  const expiringHeld = lots
    .filter((lot) => lot.expiresAt >= now.toISOString() && lot.expiresAt < in90)
    .reduce((total, lot) => total + held(lot), 0);
  const expiringShown = summary.expiring.reduce((total, e) => total + e.points, 0);
  if (expiringShown !== expiringHeld)
    problems.push(`a vencer em 90 dias: o resumo diz ${expiringShown}, os créditos guardam ${expiringHeld}`);
  for (const { month, balance } of summary.history) {
    const end = monthEnd(month);
    const expected = end > now.toISOString() ? sum : lines.filter((l) => l.createdAt < end).reduce((t, l) => t + l.points, 0);
    if (balance !== expected) problems.push(`gráfico em ${month}: ${balance}, as linhas dão ${expected}`);
  }
  return problems;
}

/** The ledger's own running balance after each line, oldest first (what the chart reads). */
export async function runningBalances(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('points_ledger')
    .select('balance_after')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.balance_after);
}
