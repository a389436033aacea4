import '../test/esm-shims';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_CODE, MAINTENANCE_MESSAGE } from '../../common/network/maintenance';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DEMO_MEMBER } from '../seed';
import { createTestApp, gql, loginAs, REFRESH, testConfig, type TestApp } from '../test/helpers';
import { allApiRoutes } from './api-routes';

const PREFLIGHT = { 'apollo-require-preflight': 'true' };
const ME = '{ me { name } }';

/** One URL per API route, as a client would call it. */
const apiSamples = allApiRoutes.flatMap(([, route]) =>
  route.methods.map((method) => ({ method, url: route.path.replace(/:\w+/, 'abc123') })),
);

function expectMaintenance(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('300');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.json()).toEqual({
    errors: [{ message: MAINTENANCE_MESSAGE, extensions: { code: MAINTENANCE_CODE, retryAfterSeconds: 300 } }],
  });
}

describe('maintenance mode (MAINTENANCE=true)', () => {
  let staticDir: string;
  let t: TestApp;
  /** The same database behind an API process started with MAINTENANCE=true. */
  let down: FastifyInstance;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'clube-maintenance-'));
    await mkdir(path.join(staticDir, '_next', 'static', 'chunks'), { recursive: true });
    await writeFile(
      path.join(staticDir, 'login.html'),
      '<!doctype html><html lang="pt-BR"><title>Entrar</title></html>',
    );
    await writeFile(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html lang="pt-BR"><title>Início</title></html>',
    );
    await writeFile(path.join(staticDir, '_next', 'static', 'chunks', 'app.js'), 'console.log(1)');
    t = await createTestApp();
    down = buildApp({
      db: t.db,
      config: testConfig({ maintenance: true, humanVerification: true, serveStatic: true, staticDir }),
      queryCache: false,
    });
    await down.ready();
  });
  afterAll(async () => {
    await down.close();
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('is off unless MAINTENANCE says so, with a Retry-After of five minutes by default', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: path.join(tmpdir(), 'clube-m'), JWT_SECRET: 'x'.repeat(32) } as const;
    expect(loadConfig(base)).toMatchObject({ maintenance: false, maintenanceRetryAfterSeconds: 300 });
    expect(loadConfig({ ...base, MAINTENANCE: 'true', MAINTENANCE_RETRY_AFTER: '60' })).toMatchObject({
      maintenance: true,
      maintenanceRetryAfterSeconds: 60,
    });
    expect(() => loadConfig({ ...base, MAINTENANCE: 'talvez' })).toThrow(/MAINTENANCE/);
  });

  it('answers GraphQL with 503, Retry-After and a pt-BR message with the MAINTENANCE code', async () => {
    expectMaintenance(
      await down.inject({ method: 'POST', url: '/graphql', headers: PREFLIGHT, payload: { query: ME } }),
    );
    expectMaintenance(await down.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(ME)}` }));
    // Before the CSRF check and the body: a request those would refuse gets the same answer.
    expectMaintenance(
      await down.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
    );
  });

  it.each(apiSamples)('answers $method $url with the same 503', async ({ method, url }) => {
    const res = await down.inject({
      method,
      url,
      headers: method === 'POST' ? { ...PREFLIGHT, 'content-type': 'application/json' } : PREFLIGHT,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expectMaintenance(res);
  });

  it('keeps serving the site, so the app can say it is under maintenance', async () => {
    for (const url of ['/', '/login', '/_next/static/chunks/app.js']) {
      const res = await down.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });

  it('logs nobody out: tokens issued before still work when the club comes back, the refresh included', async () => {
    const tokens = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    const auth = { authorization: `Bearer ${tokens.token}` };
    expectMaintenance(
      await down.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...PREFLIGHT, ...auth },
        payload: { query: ME },
      }),
    );
    expectMaintenance(
      await down.inject({
        method: 'POST',
        url: '/graphql',
        headers: PREFLIGHT,
        payload: { query: REFRESH, variables: { refreshToken: tokens.refresh_token } },
      }),
    );

    const me = await gql<{ me: { name: string } }>(t.app, ME, {}, auth);
    expect(me.data?.me.name).toBe(DEMO_MEMBER.name);
    const refreshed = await gql<{ refreshToken: { access_token: string } }>(t.app, REFRESH, {
      refreshToken: tokens.refresh_token,
    });
    expect(refreshed.errors).toBeUndefined();
    expect(refreshed.data?.refreshToken.access_token).toBeTruthy();
  });

  it('lets an app served from another host (CORS_ORIGIN) read the answer', async () => {
    const cors = buildApp({
      db: t.db,
      config: testConfig({ maintenance: true, corsOrigin: 'https://app.clube.test' }),
      queryCache: false,
    });
    try {
      const res = await cors.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...PREFLIGHT, origin: 'https://app.clube.test' },
        payload: { query: ME },
      });
      expectMaintenance(res);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.clube.test');
      const other = await cors.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...PREFLIGHT, origin: 'https://outro.test' },
        payload: { query: ME },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});
