import '../test/esm-shims';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { solveChallenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '../seed';
import { ALTCHA_CHALLENGE_PATH, HUMAN_CHECK_MESSAGE } from '../modules/auth/human-verification';
import { signAccessToken } from '../auth/tokens';
import { createMember, findUserByCpf } from '../modules/users/repository';
import { createSharedTestApps, createTestApp, gql, LOGIN, type SharedTestApps } from '../test/helpers';
import { clearExpiredLimits } from './cleanup';
import { REQUESTS_MESSAGE } from './request-limit';
import { usedChallengeStore } from './used-challenges';

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

  it('refuses on one process an ALTCHA solution already accepted by the other', async () => {
    shared = await createSharedTestApps(2, { humanVerification: true });
    const [a, b] = shared.apps as [FastifyInstance, FastifyInstance];
    const challenge = (await a.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

    expect((await loginOn(b, DEMO_MEMBER.password, altcha)).errors).toBeUndefined();
    expect((await loginOn(a, DEMO_MEMBER.password, altcha)).errors?.[0]?.message).toBe(HUMAN_CHECK_MESSAGE);
    expect((await loginOn(b, DEMO_MEMBER.password, altcha)).errors?.[0]?.message).toBe(HUMAN_CHECK_MESSAGE);
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

describe('request limit (REQUESTS_PER_MINUTE)', () => {
  const TYPENAME = '{ __typename }';
  const ask = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...headers },
      payload: { query: TYPENAME },
    });

  it('gives each member behind one address a budget of their own, and limits the anonymous address', async () => {
    shared = await createSharedTestApps(2, { requestsPerMinute: 3 });
    const [a, b] = shared.apps as [FastifyInstance, FastifyInstance];
    const demo = await findUserByCpf(shared.db, DEMO_MEMBER.cpf);
    const bia = await createMember(shared.db, {
      name: 'Bia',
      surName: 'Lima',
      cpf: '111.444.777-35',
      email: 'bia@exemplo.com.br',
      password: 'Senha#forte1',
    });
    const bearer = async (userId: number) => ({
      authorization: `Bearer ${await signAccessToken(shared!.config, userId)}`,
    });
    const ana = await bearer(demo!.id);
    const biaAuth = await bearer(bia.id);

    // Ana spends her three requests across both processes; the fourth is refused, on either. Each answer says
    // what is left of the minute, counted over both.
    const left: unknown[] = [];
    for (const app of [a, b, a]) {
      const answer = await ask(app, ana);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-ratelimit-limit']).toBe('3');
      left.push(answer.headers['x-ratelimit-remaining']);
    }
    expect(left).toEqual(['2', '1', '0']);
    const refused = await ask(b, ana);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      data: null,
      errors: [{ message: REQUESTS_MESSAGE, extensions: { code: 'TOO_MANY_REQUESTS' } }],
    });

    // Bia, from the same address, still has her own three.
    for (const app of [b, a, b]) expect((await ask(app, biaAuth)).statusCode).toBe(200);
    expect((await ask(a, biaAuth)).statusCode).toBe(429);

    // Without a valid token the address is counted: three, then refused; a forged token counts as the address.
    for (const app of [a, b]) expect((await ask(app)).statusCode).toBe(200);
    expect((await ask(a, { authorization: 'Bearer forjado' })).statusCode).toBe(200);
    expect((await ask(b)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await ask(a, {}, '198.51.100.20')).statusCode).toBe(200);
  });

  it('never counts static files: 2,000 from one address, then a login and `me` from it are answered', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'export-'));
    await mkdir(path.join(root, '_next/static/chunks'), { recursive: true });
    await mkdir(path.join(root, 'icons'), { recursive: true });
    await writeFile(path.join(root, '_next/static/chunks/app.js'), 'console.log(1);');
    await writeFile(path.join(root, 'icons/icon-192.png'), 'png');
    await writeFile(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Clube</title>');
    const t = await createTestApp({ requestsPerMinute: 600, serveStatic: true, staticDir: root });
    try {
      const files = ['/_next/static/chunks/app.js', '/icons/icon-192.png', '/sw.js', '/'];
      const statuses = new Map<number, number>();
      for (let i = 0; i < 2000; i += 1) {
        const answer = await t.app.inject({
          method: 'GET',
          url: files[i % files.length]!,
          remoteAddress: '203.0.113.9',
        });
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: 2000 });

      const login = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'application/json' },
        payload: { query: LOGIN, variables: { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password } },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json<{ data: { userLogin: { token: string } } }>().data.userLogin.token;
      // The API's own budget is whole: the login was its first counted request from this address.
      expect(login.headers['x-ratelimit-remaining']).toBe('599');
      const me = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: { query: '{ me { email } }' },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ data: { me: { email: DEMO_MEMBER.email } } });
    } finally {
      await t.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('counts the human check’s challenges by address', async () => {
    const t = await createTestApp({ requestsPerMinute: 1, humanVerification: true });
    try {
      expect((await t.app.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH })).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts the other routes by address', async () => {
    const t = await createTestApp({ requestsPerMinute: 1 });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/arquivos/notas/1' })).statusCode).toBe(404);
      const refused = await t.app.inject({ method: 'GET', url: '/arquivos/notas/1' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        errors: [{ message: REQUESTS_MESSAGE, extensions: { code: 'TOO_MANY_REQUESTS' } }],
      });
    } finally {
      await t.close();
    }
  });
});

describe('clean-up of shared limits', () => {
  it('deletes ended counters and expired ALTCHA rows, and keeps the live ones', async () => {
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
    const store = usedChallengeStore(db, 10 * 60 * 1000, () => now - 11 * 60 * 1000);
    expect(await store.setIfAbsent('desafio-antigo', true)).toBe(true);
    const fresh = usedChallengeStore(db, 10 * 60 * 1000, () => now);
    expect(await fresh.setIfAbsent('desafio-novo', true)).toBe(true);
    expect(await fresh.setIfAbsent('desafio-novo', true)).toBe(false);

    expect(await clearExpiredLimits(db, now)).toEqual({ limits: 1, challenges: 1 });
    const keys = (await db.selectFrom('rate_limits').select('key').where('key', 'like', 'teste:%').execute()).map(
      (row) => row.key,
    );
    expect(keys).toEqual(['teste:vale']);
    expect(await fresh.get('desafio-novo')).toBe(true);
    expect(await fresh.get('desafio-antigo')).toBe(false);
  });
});
