import '../test/esm-shims';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/helpers';
import { cspDirectives, cspHeaderValue, cspOptionsFromBuildEnv, GOOGLE_TAG_SOURCES } from './content-security-policy';

const GOOGLE_HOSTS = /google|doubleclick/;

/** `name sources…` directives of a header value, as a map. */
const parse = (header: string | undefined): Record<string, string[]> =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );

describe('Content-Security-Policy of the web app', () => {
  it('lets nothing of Google in without an analytics id', () => {
    expect(cspHeaderValue()).not.toMatch(GOOGLE_HOSTS);
    expect(cspHeaderValue({ tagManagerId: ' ', analyticsId: '' })).not.toMatch(GOOGLE_HOSTS);
    expect(cspDirectives()).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'unsafe-inline'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
  });

  it.each([
    ['a Tag Manager id', { tagManagerId: 'GTM-ABC123' }],
    ['an Analytics id', { analyticsId: 'G-ABC123' }],
    ['both', { tagManagerId: 'GTM-ABC123', analyticsId: 'G-ABC123' }],
  ])('with %s adds exactly Google’s tag hosts to scripts, images and connections', (_name, ids) => {
    const withIds = cspDirectives(ids);
    const without = cspDirectives();
    expect(withIds['script-src']).toEqual([...(without['script-src'] ?? []), 'https://*.googletagmanager.com']);
    expect(withIds['img-src']).toEqual([
      ...(without['img-src'] ?? []),
      'https://*.google-analytics.com',
      'https://*.googletagmanager.com',
    ]);
    expect(withIds['connect-src']).toEqual([
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ]);
    // Nothing else moves: no frames, no eval, no other directive.
    for (const name of Object.keys(without).filter((n) => !['script-src', 'img-src', 'connect-src'].includes(n))) {
      expect([name, withIds[name]]).toEqual([name, without[name]]);
    }
  });

  it('adds another host of the API to connections and images, and refuses anything but an origin', () => {
    const directives = cspDirectives({
      connectOrigins: ['https://api.exemplo.com.br'],
      imageOrigins: ['https://api.exemplo.com.br'],
    });
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.exemplo.com.br']);
    expect(directives['img-src']).toContain('https://api.exemplo.com.br');
    expect(() => cspDirectives({ connectOrigins: ["https://a.com; script-src 'unsafe-eval'"] })).toThrow();
    expect(() => cspDirectives({ connectOrigins: ['https://a.com" always; add_header X "y'] })).toThrow();
  });

  it('reads the build settings: ids, and the origins of an API and a session-security receiver on other hosts', () => {
    expect(cspOptionsFromBuildEnv({})).toEqual({
      connectOrigins: [],
      imageOrigins: [],
      tagManagerId: undefined,
      analyticsId: undefined,
    });
    expect(
      cspOptionsFromBuildEnv({
        NEXT_PUBLIC_GRAPHQL_URL: 'https://api.exemplo.com.br/graphql',
        NEXT_PUBLIC_SESSION_SECURITY_URL: 'https://seguranca.exemplo.com.br/v1',
        NEXT_PUBLIC_GTM_ID: 'GTM-ABC123',
        NEXT_PUBLIC_GA_ID: ' ',
      }),
    ).toEqual({
      connectOrigins: ['https://api.exemplo.com.br', 'https://seguranca.exemplo.com.br'],
      imageOrigins: ['https://api.exemplo.com.br'],
      tagManagerId: 'GTM-ABC123',
      analyticsId: undefined,
    });
    expect(cspOptionsFromBuildEnv({ NEXT_PUBLIC_GRAPHQL_URL: '/graphql' }).connectOrigins).toEqual([]);
  });

  it('the server reads the same NEXT_PUBLIC_GTM_ID and NEXT_PUBLIC_GA_ID as the build', () => {
    const dataDir = path.join(tmpdir(), 'clube-csp-config');
    const base = { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) } as const;
    expect(loadConfig(base)).toMatchObject({ tagManagerId: undefined, analyticsId: undefined });
    expect(loadConfig({ ...base, NEXT_PUBLIC_GTM_ID: 'GTM-ABC123', NEXT_PUBLIC_GA_ID: '' })).toMatchObject({
      tagManagerId: 'GTM-ABC123',
      analyticsId: undefined,
    });
  });
});

describe('Content-Security-Policy sent by the embedded server', () => {
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'clube-csp-'));
    await writeFile(
      path.join(staticDir, 'login.html'),
      '<!doctype html><html lang="pt-BR"><title>Entrar</title></html>',
    );
  });
  afterAll(() => rm(staticDir, { recursive: true, force: true }));

  async function policyOf(overrides: Parameters<typeof createTestApp>[0]): Promise<{ page: string; api: string }> {
    const t: TestApp = await createTestApp({ serveStatic: true, staticDir, ...overrides });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/login' });
      expect(page.statusCode).toBe(200);
      const api = await t.app.inject({
        method: 'GET',
        url: '/graphql?query=%7B__typename%7D',
        headers: { 'apollo-require-preflight': 'true' },
      });
      return {
        page: String(page.headers['content-security-policy']),
        api: String(api.headers['content-security-policy']),
      };
    } finally {
      await t.close();
    }
  }

  it('blocks Google’s hosts when no id is set', async () => {
    const { page, api } = await policyOf({});
    expect(page).toBe(cspHeaderValue());
    expect(api).toBe(page);
    expect(page).not.toMatch(GOOGLE_HOSTS);
  });

  it('lets Google’s tag hosts in on every page when an id is set, and nothing more', async () => {
    const { page } = await policyOf({ tagManagerId: 'GTM-ABC123', analyticsId: 'G-ABC123' });
    expect(page).toBe(cspHeaderValue({ tagManagerId: 'GTM-ABC123' }));
    const directives = parse(page);
    expect(directives['script-src']).toEqual(["'self'", "'unsafe-inline'", ...GOOGLE_TAG_SOURCES.script]);
    expect(directives['connect-src']).toEqual(["'self'", ...GOOGLE_TAG_SOURCES.connect]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', ...GOOGLE_TAG_SOURCES.img]);
    expect(directives['frame-src']).toBeUndefined();
  });

  it('keeps the app’s other origin (CORS_ORIGIN) in connections', async () => {
    const { page } = await policyOf({ corsOrigin: 'https://app.exemplo.com.br/' });
    expect(parse(page)['connect-src']).toEqual(["'self'", 'https://app.exemplo.com.br']);
  });
});
