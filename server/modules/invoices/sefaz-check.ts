// The daily status check: every invoice approved in the last 30 days is asked about at the SEFAZ once, and one the
// SEFAZ says was cancelled has its points reversed (docs/sefaz-status.md).
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { Db, InvoiceRow } from '../../db/schema';
import { withJobLock } from '../../db/dialect';
import type { ScheduledJob } from '../../jobs/scheduler';
import { sefazStatusClient, type SefazKeyStatus, type SefazStatusQuery } from '../../adapters/sefaz-status';
import * as repo from './repository';
import { reverseCancelledInvoice } from './actions';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SEFAZ_CHECK_RULES = {
  /** Invoices approved this many days back are asked about; older ones never. */
  windowDays: 30,
  /**
   * An NF-e is asked about once it was issued this many days ago: an issuer cancels within 24 hours of the
   * authorisation (an NFC-e within 30 minutes), and a late cancellation the SEFAZ allows comes in the days after;
   * asked sooner, the answer "authorised" would be final too early. The rest of the window is for retries.
   */
  waitDays: 7,
  /** At most this many questions a run, so a run ends well inside the job lock's lease. */
  perRun: 1000,
  /** This many calls in a row without an answer end the run: the SEFAZ is down, the rest is asked next time. */
  givesUpAfter: 3,
} as const;

export const SEFAZ_CHECK_JOB = 'invoices-sefaz-check';

/** One invoice asked about in a run, and what came of it. */
export interface SefazCheckLine {
  readonly invoiceId: number;
  readonly accessKey: string;
  readonly answer: SefazKeyStatus;
  /** Points taken back (cancelled only); null when nothing was written. */
  readonly reversedPoints: number | null;
}

export interface SefazCheckReport {
  readonly lines: readonly SefazCheckLine[];
  /** Invoices due that this run did not ask about (the SEFAZ stopped answering, or past perRun): asked next time. */
  readonly notAsked: number;
}

/** The answer when it settles the question: asked again, the SEFAZ would say the same. */
const conclusive = (answer: SefazKeyStatus) =>
  answer.status === 'authorised' || answer.status === 'cancelled' || answer.status === 'not_found'
    ? { ...answer, status: answer.status }
    : null;

/** Stores a conclusive answer and, for a cancellation, reverses the invoice, in one transaction. */
async function settle(db: Db, invoice: InvoiceRow, answer: SefazKeyStatus, now: Date): Promise<number | null> {
  const outcome = conclusive(answer);
  if (!outcome) return null;
  const { cStat, reason } = outcome;
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const stored = await repo.recordSefazCheck(trx, {
      invoice_id: invoice.id,
      outcome: outcome.status,
      c_stat: cStat,
      reason,
      checked_at: at,
    });
    if (!stored || outcome.status !== 'cancelled') return null;
    return (await reverseCancelledInvoice(trx, invoice, { cStat, reason }, now))?.reversedPoints ?? null;
  });
}

/**
 * Asks the SEFAZ about every approved invoice due (SEFAZ_CHECK_RULES), one at a time. A conclusive answer
 * (authorised, cancelled, not found) is stored and never asked again; no answer or an unknown one leaves the invoice
 * to the next run, and never changes anything.
 */
export async function checkApprovedInvoices(db: Db, sefaz: SefazStatusQuery, now: Date): Promise<SefazCheckReport> {
  const due = await repo.dueForSefazCheck(
    db,
    new Date(now.getTime() - SEFAZ_CHECK_RULES.windowDays * DAY_MS).toISOString(),
    new Date(now.getTime() - SEFAZ_CHECK_RULES.waitDays * DAY_MS).toISOString(),
    SEFAZ_CHECK_RULES.perRun,
  );
  const lines: SefazCheckLine[] = [];
  let unanswered = 0;
  for (const invoice of due) {
    const answer = await sefaz.status(invoice.access_key);
    const reversedPoints = await settle(db, invoice, answer, now);
    lines.push({ invoiceId: invoice.id, accessKey: invoice.access_key, answer, reversedPoints });
    unanswered = answer.status === 'unavailable' ? unanswered + 1 : 0;
    if (unanswered >= SEFAZ_CHECK_RULES.givesUpAfter) break;
  }
  return { lines, notAsked: due.length - lines.length };
}

/** The daily job, when the SEFAZ query is configured; none otherwise. */
export function sefazCheckJobs(db: Db, config: AppConfig): ScheduledJob[] {
  if (!config.sefazStatus) return [];
  const sefaz = sefazStatusClient(config.sefazStatus, config.outbound);
  return [
    { name: SEFAZ_CHECK_JOB, everyMs: DAY_MS, run: () => checkApprovedInvoices(db, sefaz, new Date(config.now())) },
  ];
}

/**
 * One run now (the terminal's `sefaz-check`), under the daily job's lock so it never runs beside it; null when a run
 * is going on elsewhere.
 */
export async function checkApprovedInvoicesNow(
  db: Db,
  sefaz: SefazStatusQuery,
  now: Date,
): Promise<SefazCheckReport | null> {
  const outcome = await withJobLock(db as Kysely<unknown>, SEFAZ_CHECK_JOB, () =>
    checkApprovedInvoices(db, sefaz, now),
  );
  return outcome.ran ? outcome.value : null;
}
