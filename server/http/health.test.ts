import '../test/esm-shims';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { buildApp, loggerOptions } from '../app';
import type { FileStorage } from '../storage/file-storage';
import { createFileStorage } from '../storage/from-config';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { testConfig } from '../test/helpers';
import { HEALTH_PATHS } from './api-routes';
import { createLifecycle, READY_CHECK_TIMEOUT_MS, type Lifecycle } from './health';

interface Built {
  readonly app: ReturnType<typeof buildApp>;
  readonly lines: string[];
  readonly lifecycle: Lifecycle;
  readonly database: TestDatabase;
}

const open: Built[] = [];

/** An app on a fresh database, its log kept at info, with the storage given (the config's local disk by default). */
async function build(storage?: (real: FileStorage) => FileStorage, overrides = {}): Promise<Built> {
  const database = await createTestDatabase();
  const config = testConfig({ requestsPerMinute: 2, ...overrides });
  const real = createFileStorage(config);
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const lifecycle = createLifecycle();
  const app = buildApp({
    db: database.db,
    config,
    queryCache: false,
    storage: storage ? storage(real) : real,
    lifecycle,
    logger: { ...(loggerOptions('info') as object), stream },
  });
  await app.ready();
  const built = { app, lines, lifecycle, database };
  open.push(built);
  return built;
}

afterEach(async () => {
  for (const { app, database } of open.splice(0)) {
    await app.close();
    await database.drop().catch(() => undefined);
  }
});

const ready = (app: Built['app']) => app.inject({ method: 'GET', url: HEALTH_PATHS.ready });

describe('GET /healthz', () => {
  it('answers while the process runs, without a rate limit and without a line at info', async () => {
    const { app, lines } = await build();
    // REQUESTS_PER_MINUTE is 2 here: a probe every few seconds must never be refused.
    for (let i = 0; i < 5; i += 1) {
      const answer = await app.inject({ method: 'GET', url: HEALTH_PATHS.live });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'ok' });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(lines.filter((line) => line.includes(HEALTH_PATHS.live))).toEqual([]);
  });

  it('answers even when the database is gone: it only says the process is alive', async () => {
    const { app, database } = await build();
    await database.db.destroy();
    expect((await app.inject({ method: 'GET', url: HEALTH_PATHS.live })).statusCode).toBe(200);
  });
});

describe('GET /readyz', () => {
  it('is ready when the database, the storage and the migrations are, and names each part', async () => {
    const { app } = await build();
    for (let i = 0; i < 3; i += 1) {
      const answer = await ready(app);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        status: 'pronto',
        partes: { banco: 'ok', armazenamento: 'ok', migracoes: 'ok', encerrando: 'não' },
      });
    }
  });

  it('answers 503 naming the storage when the bucket fails, and within the time limit when it hangs', async () => {
    const failing = await build((real) => ({ ...bound(real), check: () => Promise.reject(new Error('bucket sumiu')) }));
    const refused = await ready(failing.app);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      status: 'indisponível',
      partes: { banco: 'ok', armazenamento: 'bucket sumiu', migracoes: 'ok' },
    });

    const hanging = await build((real) => ({ ...bound(real), check: () => new Promise<void>(() => undefined) }));
    const started = Date.now();
    const late = await ready(hanging.app);
    expect(Date.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1_500);
    expect(late.statusCode).toBe(503);
    expect(late.json()).toMatchObject({ partes: { armazenamento: 'sem resposta em 1 s' } });
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    const { app, database } = await build();
    await database.db.destroy();
    const answer = await ready(app);
    expect(answer.statusCode).toBe(503);
    const parts = answer.json<{ partes: Record<string, string> }>().partes;
    expect(parts['banco']).not.toBe('ok');
    expect(parts['armazenamento']).toBe('ok');
  });

  it('answers 503 naming the migrations when one has not run', async () => {
    const { app, database } = await build();
    await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(database.db);
    const answer = await ready(app);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ partes: { migracoes: '1 migração(ões) pendente(s)', banco: 'ok' } });
  });

  it('answers 503 once the process is shutting down, before anything else stops', async () => {
    const { app, lifecycle } = await build();
    lifecycle.startDraining();
    const answer = await ready(app);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      status: 'indisponível',
      partes: { banco: 'ok', encerrando: 'sim: o processo recebeu SIGTERM' },
    });
  });

  it('stays up under maintenance, which only closes the API’s routes', async () => {
    const { app } = await build(undefined, { maintenance: true });
    expect((await ready(app)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: HEALTH_PATHS.live })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } })).statusCode,
    ).toBe(503);
  });
});

/** A storage's methods bound to it, so a test can replace one of them in a copy. */
function bound(storage: FileStorage): FileStorage {
  return {
    put: storage.put.bind(storage),
    get: storage.get.bind(storage),
    delete: storage.delete.bind(storage),
    list: storage.list.bind(storage),
    check: storage.check.bind(storage),
    close: storage.close.bind(storage),
  };
}
