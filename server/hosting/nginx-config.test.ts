import { allRoutes, buildPath, exportFileFor } from '../../lib/routes';
import { generateNginxConfig, pageLocations } from './nginx-config';

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
    const conf = generateNginxConfig({ root: '/srv/out', apiUpstream: 'http://api:3000', serverName: 'x' });
    expect(conf.match(/^\s+location [=~] /gm)).toHaveLength(allRoutes.length * 2 + 3);
    expect(conf).toContain('location ^~ /_next/static/');
    expect(conf).toContain('immutable');
    expect(conf).toContain('proxy_pass http://api:3000;');
    expect(conf).toContain('location ~ ^/campanhas/[^/]+\\.txt$');
    expect(conf).toContain('try_files /campanhas/_.html =404;');
  });
});
