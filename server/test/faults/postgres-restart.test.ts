import '../esm-shims';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { startTestPostgres, type TestPostgres } from '../../db/postgres/test-server';
import type { Db } from '../../db/schema';
import { UNAVAILABLE_MESSAGE } from '../../errors/unavailable';
import { DEMO_MEMBER, seedDemoData } from '../../seed';
import { loginAs, testConfig } from '../helpers';

/**
 * PostgreSQL restarted in the middle of traffic, with a server of the test's own (the suite's shared one must not
 * go down): requests during the outage get a pt-BR "tente de novo" with 503 and Retry-After, nothing acknowledged is
 * lost, and the same app answers again once the server is back, without a restart.
 */
let server: TestPostgres;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startTestPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE clube');
  await admin.end();
  const config = testConfig({ database: { kind: 'postgres', url: server.urlOf('clube') } });
  db = createDatabase(config.database);
  await migrateToLatest(db);
  await seedDemoData(db);
  app = buildApp({ db, config, queryCache: false });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await server?.stop();
});

const ask = (token: string, query: string, variables: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: { query, variables },
  });

describe('PostgreSQL restarted during traffic', () => {
  it('answers 503 "tente de novo" while it is down, loses nothing acknowledged and recovers by itself', async () => {
    const { token } = await loginAs(app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect((await ask(token, '{ me { name } }')).json()).toEqual({ data: { me: { name: DEMO_MEMBER.name } } });

    await server.restart(async () => {
      // The session check of the token and the query itself both need the database.
      for (const query of ['{ me { name } }', '{ me { email } }']) {
        const down = await ask(token, query);
        expect(down.statusCode).toBe(503);
        expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
        expect(down.body).toContain(UNAVAILABLE_MESSAGE);
        expect(down.body).not.toMatch(/ECONNREFUSED|postgres|Erro interno/i);
      }
    });

    // Back: the pool makes new connections on its own; the session the login wrote (an acknowledged write) and the
    // member's data are as they were.
    const again = await ask(token, '{ me { name email } }');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { me: { name: DEMO_MEMBER.name, email: DEMO_MEMBER.email } } });
  });
});
