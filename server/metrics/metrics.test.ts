import '../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { approveInvoice, rejectInvoice } from '../modules/invoices';
import { JPEG, newKey, submit } from '../modules/invoices/test/upload-helpers';
import { pushQueueDepth } from '../modules/notifications';
import { DEMO_MEMBER } from '../seed';
import { createTestApp, gql, loginAs, type TestApp } from '../test/helpers';
import { testDialect } from '../test/test-database';
import { appGauges } from './app-gauges';
import { startMetricsServer, type MetricsServer } from './metrics-server';
import { terminalActor } from '../modules/staff';

/** Who the audit names for the reviews these tests make. */
const reviewer = terminalActor('ti.joao');

let t: TestApp;
let metrics: MetricsServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-metricas-'));
  t = await createTestApp({ dataDir, metrics: { port: 0, host: '127.0.0.1' } });
  metrics = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    appRegistry: appGauges({ db: t.db, queues: [{ name: 'push', depth: pushQueueDepth }], now: t.config.now }),
  });
});
afterAll(async () => {
  await metrics.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The scrape, as Prometheus reads it: each sample by its name and labels. */
async function scrape(): Promise<Map<string, number>> {
  const answer = await fetch(metrics.url);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await answer.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** How much each sample grew between two scrapes (the registry is the process's, shared by every test here). */
const grown = (before: Map<string, number>, after: Map<string, number>, sample: string) =>
  (after.get(sample) ?? 0) - (before.get(sample) ?? 0);

describe('the metrics port', () => {
  it('counts HTTP requests by route pattern and status, never by URL', async () => {
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/arquivos/notas/123?u=1&e=2&s=x' });
    const after = await scrape();
    expect(
      grown(before, after, 'clube_http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}'),
    ).toBe(2);
    const fileRoute = [...after.keys()].filter((key) =>
      key.startsWith('clube_http_request_duration_seconds_count{route="/arquivos/notas/:fileId"'),
    );
    expect(fileRoute).toHaveLength(1);
    expect([...after.keys()].some((key) => key.includes('123'))).toBe(false);
  });

  it('counts GraphQL operations by name and outcome: ok, user error, internal', async () => {
    const before = await scrape();
    const ok = await gql(t.app, 'query Vazia { __typename }', {});
    expect(ok.errors).toBeUndefined();
    await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: 'query Vazia { __typename }', operationName: 'Vazia' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: 'query Eu { me { id } }', operationName: 'Eu' },
    });
    const { token } = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    await sql`alter table content_entries rename to content_entries_fora`.execute(t.db);
    try {
      await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: { query: 'query Faq { faqSubjects { slug } }', operationName: 'Faq' },
      });
    } finally {
      await sql`alter table content_entries_fora rename to content_entries`.execute(t.db);
    }
    const after = await scrape();
    const count = (operation: string, outcome: string) =>
      grown(
        before,
        after,
        `clube_graphql_operation_duration_seconds_count{operation="${operation}",outcome="${outcome}"}`,
      );
    expect(count('Vazia', 'ok')).toBe(1);
    expect(count('(sem nome)', 'ok')).toBeGreaterThanOrEqual(1);
    expect(count('Eu', 'user_error')).toBe(1);
    expect(count('Faq', 'internal')).toBe(1);
  });

  it('keeps operation names bounded whatever a client sends', async () => {
    for (let i = 0; i < 210; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: { query: `query Op${i} { __typename }`, operationName: `Op${i}` },
      });
    }
    const operations = new Set(
      [...(await scrape()).keys()]
        .map((key) => /^clube_graphql_operation_duration_seconds_count\{operation="([^"]+)"/.exec(key)?.[1])
        .filter((name) => name !== undefined),
    );
    // 200 names, then `(outras)` and `(sem nome)`.
    expect(operations.size).toBeLessThanOrEqual(202);
    expect(operations.has('(outras)')).toBe(true);
  });

  it('counts invoices sent, approved and refused, and the points they credited', async () => {
    const before = await scrape();
    const { token } = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    const sent = [];
    for (let i = 0; i < 2; i += 1) {
      const answer = await submit(t.app, token, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }]);
      sent.push(Number(answer.data!.submitInvoice.id));
    }
    await approveInvoice({ db: t.db, config: t.config }, reviewer, sent[0]!, 120);
    await rejectInvoice({ db: t.db, config: t.config }, reviewer, sent[1]!, 'Foto ilegível');
    const after = await scrape();
    expect(grown(before, after, 'clube_invoices_total{event="sent"}')).toBe(2);
    expect(grown(before, after, 'clube_invoices_total{event="approved"}')).toBe(1);
    expect(grown(before, after, 'clube_invoices_total{event="refused"}')).toBe(1);
    expect(grown(before, after, 'clube_points_total{direction="credited"}')).toBe(120);
  });

  it('reads the push queue and the scheduled jobs from the database at each scrape', async () => {
    const samples = await scrape();
    expect(samples.get('clube_queue_pending{queue="push"}')).toBe(0);
    expect(samples.get('clube_queue_oldest_age_seconds{queue="push"}')).toBe(0);
    const jobs = [...samples.keys()].filter((key) => key.startsWith('clube_job_last_run_timestamp_seconds{job='));
    // Every scheduled job ran once when the app became ready.
    expect(jobs.length).toBeGreaterThan(3);
    expect(samples.has('process_cpu_user_seconds_total')).toBe(true);
    // PostgreSQL's pool; SQLite has none.
    expect(samples.has('clube_db_pool_connections{state="in_use"}')).toBe(testDialect() === 'postgres');
    expect(samples.has('clube_db_pool_waiting')).toBe(testDialect() === 'postgres');
  });

  it('answers only GET /metrics', async () => {
    expect((await fetch(metrics.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metrics.url, { method: 'POST' })).status).toBe(404);
  });
});
