import { Gauge, Registry } from 'prom-client';
import { driverOf } from '../db/database';
import type { Db } from '../db/schema';
import '../jobs/tables';

/** A queue some module keeps in the database, read at each scrape: how many items wait, and since when the oldest. */
export interface QueueDepth {
  readonly pending: number;
  /** ISO timestamp of the oldest waiting item's creation; null when none waits. */
  readonly oldestCreatedAt: string | null;
}

export interface QueueProbe {
  /** The `queue` label: `push` for the notifications' outbox. */
  readonly name: string;
  readonly depth: (db: Db) => Promise<QueueDepth>;
}

export interface AppGaugeDeps {
  readonly db: Db;
  readonly queues: readonly QueueProbe[];
  readonly now: () => number;
}

/**
 * What is read afresh at each scrape, in a registry of its own per database (the tests build many apps in one
 * process): the PostgreSQL pool, the queues' depth and age, and when each scheduled job last ran. The queues and the
 * jobs are the club's, not the process's: every process reports the same numbers, so a dashboard takes their max.
 */
export function appGauges({ db, queues, now }: AppGaugeDeps): Registry {
  const registry = new Registry();
  const driver = driverOf(db);
  if (driver.dialect === 'postgres') {
    const { pool } = driver;
    new Gauge({
      name: 'clube_db_pool_connections',
      help: 'Conexões do pool do PostgreSQL deste processo, por estado: in_use (em uso) e idle (livres).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'clube_db_pool_waiting',
      help: 'Consultas deste processo esperando uma conexão livre do pool.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  // Both queue gauges are collected at once by the scrape: they share one read of each queue per scrape.
  let reading: { at: number; depths: Promise<Map<string, QueueDepth>> } | undefined;
  const readQueues = () => {
    if (!reading || now() - reading.at > 1_000) {
      reading = {
        at: now(),
        depths: Promise.all(queues.map(async (queue) => [queue.name, await queue.depth(db)] as const)).then(
          (entries) => new Map(entries),
        ),
      };
    }
    return reading.depths;
  };
  new Gauge({
    name: 'clube_queue_pending',
    help: 'Itens esperando numa fila do clube (push: o outbox das notificações).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [name, depth] of await readQueues()) this.set({ queue: name }, depth.pending);
    },
  });
  new Gauge({
    name: 'clube_queue_oldest_age_seconds',
    help: 'Idade do item mais antigo esperando numa fila (0 quando ela está vazia).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [name, depth] of await readQueues()) {
        const oldest = depth.oldestCreatedAt;
        this.set({ queue: name }, oldest ? Math.max(0, (now() - Date.parse(oldest)) / 1000) : 0);
      }
    },
  });
  new Gauge({
    name: 'clube_job_last_run_timestamp_seconds',
    help: 'Quando cada tarefa agendada terminou pela última vez (segundos desde 1970), em qualquer processo.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const runs = await db.selectFrom('job_runs').select(['name', 'last_run_at']).execute();
      for (const run of runs) {
        if (run.last_run_at) this.set({ job: run.name }, Date.parse(run.last_run_at) / 1000);
      }
    },
  });
  return registry;
}
