import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cspHeaderValue } from '../http/content-security-policy';
import { nginxArgs, nginxBin, startLocalNginx, writeNginxPrefix, type LocalNginx } from './test/local-nginx';

if (!nginxBin) {
  console.warn('nginx is not installed: the generated config is not checked against a real nginx.');
}
const withNginx = nginxBin ? describe : describe.skip;

/** A stand-in export: one page and the 404 page. */
async function writeExport(root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'login.html'), `<!doctype html><title>Entrar</title>${'<p>Entrar</p>'.repeat(200)}`);
  await writeFile(path.join(root, '404.html'), '<!doctype html><title>Página não encontrada</title>');
}

interface Seen {
  upstream: string;
  method: string;
  url: string;
  httpVersion: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
}

/** A stand-in API process that answers every request with what it received. */
async function fakeApi(name: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      const seen: Seen = {
        upstream: name,
        method: req.method ?? '',
        url: req.url ?? '',
        httpVersion: req.httpVersion,
        headers: req.headers,
        bodyBytes,
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  port: number,
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: http.OutgoingHttpHeaders; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

withNginx('the generated config in a real nginx', () => {
  const bin = nginxBin ?? 'nginx';

  it('passes nginx -t', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'clube-nginx-'));
    try {
      const root = path.join(dir, 'out');
      await writeExport(root);
      await writeNginxPrefix(dir, {
        root,
        apiServers: ['127.0.0.1:3000', '127.0.0.1:3001'],
        serverName: 'clube.test',
        listen: '8080',
        brotli: false,
        csp: { tagManagerId: 'GTM-ABC123', connectOrigins: ['https://api.exemplo.com.br'] },
      });
      const check = spawnSync(bin, ['-t', ...nginxArgs(dir)], { encoding: 'utf8' });
      expect(check.stderr).toContain('test is successful');
      expect(check.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('serving', () => {
    let dir: string;
    let apis: http.Server[] = [];
    let nginx: LocalNginx | undefined;
    let port: number;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'clube-export-'));
      await writeExport(dir);
      apis = [await fakeApi('api-1'), await fakeApi('api-2')];
      nginx = await startLocalNginx({
        root: dir,
        apiServers: apis.map((api) => `127.0.0.1:${portOf(api)}`),
        csp: { analyticsId: 'G-ABC123' },
      });
      port = nginx.port;
    });

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(apis.map((api) => new Promise((resolve) => api.close(resolve))));
      await rm(dir, { recursive: true, force: true });
    });
    it.each([
      '/altcha/challenge',
      '/arquivos/notas/1?u=2&e=1999999999999&s=assinatura',
      '/uploads/profile/0123456789abcdef0123456789abcdef.jpg',
      '/conteudo/imagens/0123456789abcdef0123456789abcdef.png',
      '/graphql?query=%7Bme%7Bid%7D%7D',
    ])('hands %s to an API process as it came, with the forwarding headers nginx sets', async (url) => {
      const answer = await request(port, url, { headers: { host: 'clube.test', 'x-forwarded-for': '203.0.113.9' } });
      expect(answer.status).toBe(200);
      const seen = JSON.parse(answer.body) as Seen;
      expect(seen.url).toBe(url);
      expect(seen.httpVersion).toBe('1.1');
      expect(seen.headers.connection).toBeUndefined();
      expect(seen.headers.host).toBe('clube.test');
      expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(seen.headers['x-forwarded-proto']).toBe('http');
    });

    it('passes a GraphQL post with its body and spreads requests over the API processes', async () => {
      const body = Buffer.from(JSON.stringify({ query: '{ me { id } }' }));
      const upstreams = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const answer = await request(port, '/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
          body,
        });
        const seen = JSON.parse(answer.body) as Seen;
        expect(seen.method).toBe('POST');
        expect(seen.bodyBytes).toBe(body.length);
        upstreams.add(seen.upstream);
      }
      expect([...upstreams].sort()).toEqual(['api-1', 'api-2']);
    });

    it('gives each request its own id for the API, whatever the client sent, and proxies only the liveness check', async () => {
      const seen = new Set<string>();
      for (const url of ['/graphql', '/healthz', '/healthz']) {
        const answer = await request(port, url, { headers: { 'x-request-id': 'escolhido-pelo-cliente' } });
        expect(answer.status).toBe(200);
        const id = String((JSON.parse(answer.body) as Seen).headers['x-request-id']);
        expect(id).toMatch(/^[0-9a-f]{32}$/);
        seen.add(id);
      }
      expect(seen.size).toBe(3);
      // Readiness says what is failing: the checks reach each process directly, never through the public block.
      expect((await request(port, '/readyz')).status).toBe(404);
    });

    it('refuses a body over the limit of a route that takes none', async () => {
      const body = Buffer.alloc(64 * 1024);
      const answer = await request(port, '/altcha/challenge', {
        method: 'POST',
        headers: { 'content-length': body.length },
        body,
      });
      expect(answer.status).toBe(413);
    });

    it('serves pages from the export, compressed, without asking the API', async () => {
      const answer = await request(port, '/login', { headers: { 'accept-encoding': 'identity' } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('<title>Entrar</title>');

      const gzipped = await request(port, '/login', { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');

      const missing = await request(port, '/nao-existe');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('Página não encontrada');
    });

    it('sends the pages’ Content-Security-Policy with the analytics hosts of the build, and leaves the API’s answers to the API', async () => {
      const page = await request(port, '/login');
      expect(page.headers['content-security-policy']).toBe(cspHeaderValue({ analyticsId: 'G-ABC123' }));
      const missing = await request(port, '/nao-existe');
      expect(missing.headers['content-security-policy']).toBe(cspHeaderValue({ analyticsId: 'G-ABC123' }));
      const api = await request(port, '/altcha/challenge');
      expect(api.headers['content-security-policy']).toBeUndefined();
    });
  });
});
