import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { withJobLock } from '../db/dialect';
import type { Db } from '../db/schema';
import './tables';

/** Work every API process schedules but that must run once per period for all of them. */
export interface ScheduledJob {
  readonly name: string;
  readonly everyMs: number;
  readonly run: () => Promise<unknown>;
}

/** Each process looks this many times per period, so the job runs on time whichever process is still up. */
const CHECKS_PER_PERIOD = 24;

const checkEveryMs = (job: ScheduledJob) => Math.max(1000, Math.floor(job.everyMs / CHECKS_PER_PERIOD));

/**
 * Runs the job if no other process is running it and its last run is a period old (less one check, so timers
 * that drift by milliseconds do not skip a whole check). True when this call ran it.
 */
export async function runIfDue(db: Db, job: ScheduledJob, now: () => number): Promise<boolean> {
  const outcome = await withJobLock(db as Kysely<unknown>, job.name, async () => {
    const last = await db.selectFrom('job_runs').select('last_run_at').where('name', '=', job.name).executeTakeFirst();
    const startedAt = now();
    if (last?.last_run_at && startedAt - Date.parse(last.last_run_at) < job.everyMs - checkEveryMs(job)) return false;
    await job.run();
    const at = new Date(startedAt).toISOString();
    await db
      .insertInto('job_runs')
      .values({ name: job.name, locked_until: null, last_run_at: at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: at }))
      .execute();
    return true;
  });
  return outcome.ran && outcome.value;
}

/** Checks each job when the app is ready (waiting for it) and then on a timer, until the app closes. */
export function registerJobs(app: FastifyInstance, db: Db, now: () => number, jobs: readonly ScheduledJob[]): void {
  const timers: NodeJS.Timeout[] = [];
  // Runs under way, awaited when the app closes: a shutdown lets a job finish rather than cut it mid-batch.
  const running = new Set<Promise<unknown>>();
  const check = (job: ScheduledJob) => {
    const run = runIfDue(db, job, now).catch((error: unknown) =>
      app.log.error({ err: error, job: job.name }, 'Falha ao executar tarefa agendada'),
    );
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      await check(job);
      const timer = setInterval(() => void check(job), checkEveryMs(job));
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  });
}
