import { allRoutes, exportFileFor } from '../../common/all-routes';
import { buildPath } from '../../common/routes';
import { allApiRoutes, HEALTH_PATHS, MULTIPART_MAX_BYTES, NO_BODY_MAX_BYTES } from '../http/api-routes';
import { cspHeaderValue, GOOGLE_TAG_SOURCES } from '../http/content-security-policy';
import {
  generateNginxConfig,
  nginxSize,
  pageLocations,
  parseApiServers,
  parseListen,
  type NginxOptions,
} from './nginx-config';

const options: NginxOptions = {
  root: '/srv/out',
  apiServers: ['127.0.0.1:3000'],
  serverName: 'x',
  listen: '80',
  brotli: false,
};

interface Location {
  modifier: '=' | '^~' | '~' | '';
  path: string;
  body: string;
}

/** The top-level locations of the generated server block, in file order, with their bodies. */
function locationsOf(conf: string): Location[] {
  return [...conf.matchAll(/^ {2}location (?:(=|\^~|~) )?(\S+) \{\n?([\s\S]*?)\}$/gm)].map((m) => ({
    modifier: (m[1] ?? '') as Location['modifier'],
    path: m[2] ?? '',
    body: m[3] ?? '',
  }));
}

/**
 * nginx's choice of location: an exact match wins; otherwise the longest prefix, unless it is `^~`, gives way to
 * the first regex that matches, in file order.
 */
function nginxLocationFor(conf: string, uri: string): Location | undefined {
  const locations = locationsOf(conf);
  const exact = locations.find((l) => l.modifier === '=' && l.path === uri);
  if (exact) return exact;
  const prefix = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (prefix?.modifier === '^~') return prefix;
  return locations.find((l) => l.modifier === '~' && new RegExp(l.path).test(uri)) ?? prefix;
}

const apiSamples = [
  '/graphql',
  '/altcha/challenge',
  '/arquivos/notas/12',
  '/arquivos/projetos/12',
  '/uploads/profile/0123456789abcdef0123456789abcdef.jpg',
  '/conteudo/imagens/0123456789abcdef0123456789abcdef.png',
];

/**
 * nginx picks an exact location first, then the first regex that matches, in file order. This evaluates the
 * generated locations that way and checks that every URL lands on the file the API server would serve.
 */
function nginxFileFor(uri: string): string | null {
  const locations = pageLocations();
  const exact = locations.find((l) => l.match === '=' && l.path === uri);
  if (exact) return exact.file;
  const regex = locations.find((l) => l.match === '~' && new RegExp(l.path).test(uri));
  return regex?.file ?? null;
}

function serverFileFor(uri: string): string | null {
  if (uri.endsWith('.txt')) {
    const path = uri.slice(0, -'.txt'.length);
    return exportFileFor(path === '/index' ? '/' : path, 'rsc');
  }
  return exportFileFor(uri, 'html');
}

const samples = allRoutes.flatMap(([, route]) => {
  const values = [...route.pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  const path = buildPath(route.pattern, Object.fromEntries(values.map((v) => [v, `id-${v}-7`])));
  return [path, `${path === '/' ? '/index' : path}.txt`];
});

describe('generated nginx config', () => {
  it.each(samples)('serves %s from the same file as the API server', (uri) => {
    expect(nginxFileFor(uri)).toBe(serverFileFor(uri));
    expect(nginxFileFor(uri)).not.toBeNull();
  });

  it.each(['/pesquisas', '/nao-existe', '/campanhas/1/2', '/faq/a/b/c', '/pesquisas.txt'])(
    'answers 404 for %s, like the API server',
    (uri) => {
      expect(nginxFileFor(uri)).toBeNull();
      expect(serverFileFor(uri)).toBeNull();
    },
  );

  it('writes a location for each route and kind, immutable static assets and the API upstream', () => {
    const conf = generateNginxConfig(options);
    const exactApiRoutes = allApiRoutes.filter(([, route]) => route.match === 'exact').length;
    // The pages twice (HTML, RSC payload), the worker and the 404 page, the API's exact routes and the liveness check.
    expect(conf.match(/^\s+location [=~] /gm)).toHaveLength(allRoutes.length * 2 + 2 + exactApiRoutes + 1);
    expect(conf).toContain('location ^~ /_next/static/');
    expect(conf).toContain('immutable');
    expect(conf).toContain('proxy_pass http://clube_api;');
    expect(conf).toContain('location ~ ^/campanhas/[^/]+\\.txt$');
    expect(conf).toContain('try_files /campanhas/_.html =404;');
  });

  it('spreads the API over an upstream of every API process, keeping connections alive', () => {
    const conf = generateNginxConfig({ ...options, apiServers: ['10.0.0.1:3000', 'api-2.interno:3001'] });
    expect(conf).toMatch(
      /^upstream clube_api \{\n {2}server 10\.0\.0\.1:3000;\n {2}server api-2\.interno:3001;\n {2}keepalive 16;\n {2}keepalive_timeout 3s;\n\}$/m,
    );
  });

  it.each(apiSamples)('proxies %s to the API, whatever page regex could match it', (uri) => {
    const location = nginxLocationFor(generateNginxConfig(options), uri);
    expect(location?.body).toContain('proxy_pass http://clube_api;');
  });

  it.each(['/login', '/campanhas/7', '/faq/a/b', '/_next/static/chunks/app.js', '/manifest.webmanifest'])(
    'serves %s from the export, not the API',
    (uri) => {
      const location = nginxLocationFor(generateNginxConfig(options), uri);
      expect(location).toBeDefined();
      expect(location?.body).not.toContain('proxy_pass');
    },
  );

  it('writes one proxied location per API route, with its body limit and the forwarded headers', () => {
    const proxied = locationsOf(generateNginxConfig(options)).filter(
      (l) => l.body.includes('proxy_pass') && l.path !== HEALTH_PATHS.live,
    );
    expect(proxied).toHaveLength(allApiRoutes.length);
    for (const [, route] of allApiRoutes) {
      const location = proxied.find((l) => route.path.startsWith(l.path));
      expect(location?.modifier).toBe(route.match === 'exact' ? '=' : '^~');
      expect(location?.body).toContain(`client_max_body_size ${nginxSize(route.maxBodyBytes)};`);
      for (const directive of [
        'proxy_http_version 1.1;',
        'proxy_set_header Connection "";',
        'proxy_set_header Host $host;',
        'proxy_set_header X-Forwarded-For $remote_addr;',
        'proxy_set_header X-Forwarded-Proto $scheme;',
        'proxy_set_header X-Request-Id $request_id;',
      ]) {
        expect(location?.body).toContain(directive);
      }
    }
  });

  it('proxies the liveness check with the request id and no access log, and keeps readiness off the public block', () => {
    const conf = generateNginxConfig(options);
    const live = nginxLocationFor(conf, HEALTH_PATHS.live);
    expect(live?.modifier).toBe('=');
    for (const directive of [
      'proxy_pass http://clube_api;',
      'proxy_set_header X-Request-Id $request_id;',
      'access_log off;',
    ]) {
      expect(live?.body).toContain(directive);
    }
    expect(nginxLocationFor(conf, HEALTH_PATHS.ready)?.body).not.toContain('proxy_pass');
  });

  it('lets the largest upload through to GraphQL and keeps every other body small', () => {
    const conf = generateNginxConfig(options);
    const limitOf = (uri: string) => /client_max_body_size (\d+)m;/.exec(nginxLocationFor(conf, uri)?.body ?? '');
    expect(Number(limitOf('/graphql')?.[1]) * 1024 * 1024).toBeGreaterThanOrEqual(MULTIPART_MAX_BYTES);
    expect(conf).toMatch(/^ {2}client_max_body_size 16k;$/m);
    for (const uri of apiSamples.slice(1)) {
      expect(nginxLocationFor(conf, uri)?.body).toContain(`client_max_body_size ${nginxSize(NO_BODY_MAX_BYTES)};`);
    }
  });

  it('compresses text, serves precompressed files, and adds brotli only when the module is there', () => {
    const conf = generateNginxConfig(options);
    expect(conf).toMatch(/^ {2}gzip on;$/m);
    expect(conf).toMatch(/^ {2}gzip_types .*application\/javascript.*;$/m);
    expect(conf).toMatch(/^ {2}gzip_static on;$/m);
    expect(conf).not.toContain('brotli');
    expect(generateNginxConfig({ ...options, brotli: true })).toMatch(/^ {2}brotli_static on;$/m);
  });

  it('listens where it is told', () => {
    expect(generateNginxConfig(options)).toMatch(/^ {2}listen 80;$/m);
    expect(generateNginxConfig({ ...options, listen: '127.0.0.1:8080' })).toMatch(/^ {2}listen 127\.0\.0\.1:8080;$/m);
  });

  it('sends the web app’s Content-Security-Policy from every location of the export, and none of its own on the API', () => {
    const conf = generateNginxConfig(options);
    const policy = `add_header Content-Security-Policy "${cspHeaderValue()}" always;`;
    // Whole blocks, up to their closing brace at two spaces (`location /` holds an `if { … }` of its own).
    const blocks = [...conf.matchAll(/^ {2}location (.*) \{\n([\s\S]*?)^ {2}\}$/gm)];
    expect(blocks.length).toBeGreaterThan(allRoutes.length * 2);
    for (const [, head, body = ''] of blocks) {
      expect([head, body.includes(policy)]).toEqual([head, !body.includes('proxy_pass')]);
    }
    expect(blocks.map(([, head]) => head)).toEqual(expect.arrayContaining(['/', '= /404.html', '^~ /_next/static/']));
    expect(conf).not.toMatch(/google/);
  });

  it('lets exactly Google’s tag hosts in when the build has an analytics id', () => {
    for (const csp of [{ tagManagerId: 'GTM-ABC123' }, { analyticsId: 'G-ABC123' }]) {
      const conf = generateNginxConfig({ ...options, csp });
      const headers = [...conf.matchAll(/add_header Content-Security-Policy "([^"]*)" always;/g)].map((m) => m[1]);
      expect(new Set(headers)).toEqual(new Set([cspHeaderValue(csp)]));
      const value = headers[0] ?? '';
      expect(value).toContain(`script-src 'self' 'unsafe-inline' ${GOOGLE_TAG_SOURCES.script.join(' ')};`);
      expect(value).toContain(`connect-src 'self' ${GOOGLE_TAG_SOURCES.connect.join(' ')};`);
      expect(value).toContain(`img-src 'self' data: blob: ${GOOGLE_TAG_SOURCES.img.join(' ')};`);
      // The ids themselves never go into the config.
      expect(conf).not.toMatch(/GTM-ABC123|G-ABC123/);
    }
  });

  it('lets the pages call an API built to live on another host', () => {
    const conf = generateNginxConfig({
      ...options,
      csp: { connectOrigins: ['https://api.exemplo.com.br'], imageOrigins: ['https://api.exemplo.com.br'] },
    });
    expect(conf).toContain("connect-src 'self' https://api.exemplo.com.br;");
    expect(conf).toContain("img-src 'self' data: blob: https://api.exemplo.com.br;");
  });

  it('refuses values that would break out of their directive', () => {
    expect(() => generateNginxConfig({ ...options, apiServers: [] })).toThrow();
    expect(() => generateNginxConfig({ ...options, apiServers: ['a:1; include /etc/passwd'] })).toThrow();
    expect(() => generateNginxConfig({ ...options, listen: '80; include x' })).toThrow();
    expect(() => generateNginxConfig({ ...options, root: '/srv/out; }' })).toThrow();
    expect(() => generateNginxConfig({ ...options, serverName: 'x; }' })).toThrow();
    expect(() => generateNginxConfig({ ...options, csp: { connectOrigins: ['https://a.com" always; #'] } })).toThrow();
  });
});

describe('nginx settings from the environment', () => {
  it('reads the API processes as host:port, comma-separated', () => {
    expect(parseApiServers('127.0.0.1:3000')).toEqual(['127.0.0.1:3000']);
    expect(parseApiServers(' 10.0.0.1:3000 , api-2:3001,[::1]:3002 ')).toEqual([
      '10.0.0.1:3000',
      'api-2:3001',
      '[::1]:3002',
    ]);
    expect(() => parseApiServers('')).toThrow(/at least one/);
    expect(() => parseApiServers('http://127.0.0.1:3000')).toThrow(/host:port/);
    expect(() => parseApiServers('127.0.0.1')).toThrow(/host:port/);
  });

  it('reads the listen address as a port or address:port', () => {
    expect(parseListen('80')).toBe('80');
    expect(parseListen('127.0.0.1:8080')).toBe('127.0.0.1:8080');
    expect(() => parseListen('eighty')).toThrow();
  });

  it('writes sizes rounded up, never as the unlimited 0', () => {
    expect(nginxSize(16 * 1024)).toBe('16k');
    expect(nginxSize(1)).toBe('1k');
    expect(nginxSize(1024 * 1024)).toBe('1m');
    expect(nginxSize(1024 * 1024 + 1)).toBe('2m');
    expect(() => nginxSize(0)).toThrow();
  });
});
