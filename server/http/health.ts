import type { FastifyInstance } from 'fastify';
import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from '../db/migrations';
import type { Db } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { HEALTH_PATHS } from './api-routes';

/** Whether the process is on its way out (SIGTERM): readiness fails first, so a proxy stops sending it work. */
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

/** A part that takes longer than this to answer counts as down: a probe must answer fast, whatever it waits on. */
export const READY_CHECK_TIMEOUT_MS = 1_000;

const NOT_ANSWERING = `sem resposta em ${READY_CHECK_TIMEOUT_MS / 1000} s`;

/** Resolves to what went wrong ('' when nothing did), never past the probe's time limit. */
async function checked(check: () => Promise<void>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(NOT_ANSWERING), READY_CHECK_TIMEOUT_MS);
  });
  const outcome = check().then(
    () => '',
    (error: unknown) => (error instanceof Error && error.message ? error.message : String(error)).slice(0, 200),
  );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** True once every migration this code knows has run; once true it stays so, and the table is not read again. */
function migrationsDone(db: Db): () => Promise<void> {
  let done = false;
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider: { getMigrations: async () => migrations } });
  return async () => {
    if (done) return;
    const pending = (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined);
    if (pending.length > 0) throw new Error(`${pending.length} migração(ões) pendente(s)`);
    done = true;
  };
}

export interface HealthDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly lifecycle: Lifecycle;
}

/**
 * `GET /healthz`: the process answers (no database; the app's connectivity probe and a container's liveness check).
 * `GET /readyz`: the database answers a trivial query, the file storage answers, the migrations ran and the process
 * is not shutting down, each within a second; otherwise 503 naming each failing part. Neither is rate-limited,
 * logged at info or put under maintenance: they are outside the API's route table (server/http/api-routes.ts).
 */
export function registerHealthRoutes(app: FastifyInstance, { db, storage, lifecycle }: HealthDeps): void {
  const migrated = migrationsDone(db);
  app.get(HEALTH_PATHS.live, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const [banco, armazenamento, migracoes] = await Promise.all([
      checked(async () => {
        await sql`select 1`.execute(db);
      }),
      checked(() => storage.check()),
      checked(migrated),
    ]);
    const parts: Record<string, string> = {
      banco: banco || 'ok',
      armazenamento: armazenamento || 'ok',
      migracoes: migracoes || 'ok',
      encerrando: lifecycle.draining ? 'sim: o processo recebeu SIGTERM' : 'não',
    };
    const ready = !banco && !armazenamento && !migracoes && !lifecycle.draining;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'pronto' : 'indisponível', partes: parts });
  });
}
