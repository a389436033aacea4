import '../test/esm-shims';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../scripts/precompress';
import { createTestApp, type TestApp } from '../test/helpers';

/** A chunk big enough to be precompressed, and varied enough that compression is visible but not absurd. */
const CHUNK = Array.from({ length: 400 }, (_, i) => `export const valor${i} = ${i * 7} + "texto ${i}";`).join('\n');
const PAGE = `<!doctype html><html lang="pt-BR"><title>Entrar</title><body>${'<p>Clube do Marceneiro</p>'.repeat(80)}</body></html>`;

describe('compression on the wire', () => {
  let staticDir: string;
  let t: TestApp;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'clube-compress-'));
    await mkdir(path.join(staticDir, '_next', 'static', 'chunks'), { recursive: true });
    await writeFile(path.join(staticDir, '_next', 'static', 'chunks', 'app.js'), CHUNK);
    await writeFile(path.join(staticDir, 'login.html'), PAGE);
    await writeFile(path.join(staticDir, 'pequeno.txt'), 'oi');
    precompress(staticDir);
    t = await createTestApp({ serveStatic: true, staticDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it('sends the precompressed brotli copy of a chunk to a browser that takes brotli', async () => {
    const res = await get('/_next/static/chunks/app.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
    expect(res.rawPayload.length).toBeLessThan(CHUNK.length / 3);
  });

  it('sends gzip to a client without brotli, and plain bytes to one that asks for none', async () => {
    const gz = await get('/_next/static/chunks/app.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const plain = await get('/_next/static/chunks/app.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('compresses the pages too, keeping their HTML type', async () => {
    const res = await get('/login', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
  });

  it('compresses API answers above 1 kB and leaves small ones alone', async () => {
    const query = JSON.stringify({ query: '{ states { id uf name } }' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      payload: query,
    });
    expect(big.headers['content-encoding']).toBe('gzip');
    const json = gunzipSync(big.rawPayload).toString();
    expect(json.length).toBeGreaterThan(1024);
    expect((JSON.parse(json) as { data: { states: unknown[] } }).data.states).toHaveLength(27);

    const small = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      payload: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
