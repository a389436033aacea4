import '../test/esm-shims';
import type { FastifyInstance } from 'fastify';
import { DEMO_MEMBER } from '../db/seed';
import { createSharedTestApps, gql, LOGIN, type SharedTestApps } from '../test/helpers';
import { clearExpiredLimits } from './cleanup';

let shared: SharedTestApps | undefined;
afterEach(async () => {
  await shared?.close();
  shared = undefined;
});

const loginOn = (app: FastifyInstance, password: string, altcha?: string) =>
  gql(app, LOGIN_WITH_ALTCHA, { login: DEMO_MEMBER.email, password, altcha });

const LOGIN_WITH_ALTCHA = `mutation ($login: String!, $password: String!, $altcha: String) {
  userLogin(login: $login, password: $password, altcha: $altcha) { token }
}`;

describe('limits shared by API processes on one database', () => {
  it('counts login failures of one identifier across both processes', async () => {
    shared = await createSharedTestApps(2);
    const [a, b] = shared.apps as [FastifyInstance, FastifyInstance];
    for (const app of [a, b, a, b, a]) {
      expect((await loginOn(app, 'errada')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    // The sixth attempt, on either process, is refused even with the right password.
    for (const app of [b, a]) {
      expect((await loginOn(app, DEMO_MEMBER.password)).errors?.[0]).toMatchObject({
        message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
        extensions: { code: 'TOO_MANY_REQUESTS' },
      });
    }
  });

  it('counts login attempts of one IP across both processes (LOGIN_ATTEMPTS_PER_IP)', async () => {
    shared = await createSharedTestApps(2, { loginAttemptsPerIp: 3 });
    const [a, b] = shared.apps as [FastifyInstance, FastifyInstance];
    const attempt = (app: FastifyInstance, login: string) => gql(app, LOGIN, { login, password: 'x' });
    expect((await attempt(a, 'um@exemplo.com.br')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await attempt(b, 'dois@exemplo.com.br')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await attempt(a, 'tres@exemplo.com.br')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await attempt(b, 'quatro@exemplo.com.br')).errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });

  it('stores HMACs as keys, never the typed login or the address', async () => {
    shared = await createSharedTestApps(1);
    await loginOn(shared.apps[0]!, 'errada');
    const keys = (await shared.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z-]+:[0-9a-f]{64}$/);
      expect(key).not.toContain('exemplo');
      expect(key).not.toContain('127.0.0.1');
    }
  });
});

describe('clean-up of shared limits', () => {
  it('deletes ended counters and keeps the live ones', async () => {
    shared = await createSharedTestApps(1);
    const { db } = shared;
    const now = Date.now();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'teste:acabou', points: 3, expire: now - 1000 },
        { key: 'teste:vale', points: 3, expire: now + 60_000 },
      ])
      .execute();
    expect(await clearExpiredLimits(db, now)).toEqual({ limits: 1 });
    const keys = (await db.selectFrom('rate_limits').select('key').where('key', 'like', 'teste:%').execute()).map(
      (row) => row.key,
    );
    expect(keys).toEqual(['teste:vale']);
  });
});
