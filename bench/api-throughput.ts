/**
 * How close the club API comes to bare mercurius: req/s and p99 latency of a bare mercurius `{ hello }` server and,
 * on the club API (SQLite, demo data, as `npm start` runs it but without the site), `{ __typename }` (without a token,
 * and with the demo member's: what being signed in costs every request), the demo member's `QMe`, and the first page
 * of `QMyInvoices` and of `QPointsEntries` (the app's own documents, sent the way Apollo sends them), each as a ratio
 * to the bare server. Not a test:
 *
 *   node --import tsx bench/api-throughput.ts
 *
 * Both servers are child processes (one core each at most, like a deployed process); autocannon drives them from
 * this process. Settings (environment): DURATION seconds per measurement (10), CONNECTIONS (50), ROUNDS (1: each
 * round measures every scenario once, the table shows the median), ONLY (comma-separated scenario names, e.g.
 * `me,invoices`), PROFILE=1 (writes a CPU profile of the club API while it is under load, and prints the functions
 * with the most self time), KEEP_DATA=1 (keeps the throw-away data folder and says where), SEEDED_DATA=<folder> (starts
 * from a copy of a folder kept that way instead of migrating and seeding anew, which takes a minute or two), CLUB_ROOT
 * (runs the API of another checkout, an older commit for instance, with its own node_modules). The request limit is raised for the run (REQUESTS_PER_MINUTE); everything else is the
 * default configuration, pino at `info` included (its lines go to a file in the throw-away data folder).
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { print, type DocumentNode } from 'graphql';
import { QMeDocument, QMyInvoicesDocument, QPointsEntriesDocument } from '../lib/graphql/generated/graphql';
// The login is one of the documents the pages opened cold send as a string (lib/graphql/request.ts).
import { MUserLoginDocument } from '../lib/graphql/generated-public/graphql';
import { DEMO_MEMBER } from '../server/seed';
import { apiRouteTable } from '../server/http/api-routes';
import { freePort, waitForPort } from '../server/test/free-port';

const DURATION_S = Math.max(1, Number(process.env['DURATION'] ?? 10));
const CONNECTIONS = Math.max(1, Number(process.env['CONNECTIONS'] ?? 50));
const ROUNDS = Math.max(1, Number(process.env['ROUNDS'] ?? 1));
const WARM_UP_S = Math.min(2, Math.max(1, Math.floor(DURATION_S / 2)));
const ONLY = process.env['ONLY']
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const PROFILE = process.env['PROFILE'] === '1';

const GRAPHQL = apiRouteTable.graphql.path;
/** What the browser sends with every GraphQL request (Apollo's headers, the browser's encodings). */
const BROWSER_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/graphql-response+json,application/json;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
  'apollo-require-preflight': 'true',
};

/** The bare server, run by this same file in a child process: mercurius's defaults, one field. */
async function serveBare(port: number): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { default: mercurius } = await import('mercurius');
  const app = Fastify();
  await app.register(mercurius, {
    schema: 'type Query { hello: String }',
    resolvers: { Query: { hello: () => 'world' } },
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

interface Server {
  readonly origin: string;
  readonly exited: () => Error | null;
  stop(): Promise<void>;
}

function watch(child: ChildProcess, name: string) {
  let exit: Error | null = null;
  child.once('exit', (code, signal) => {
    exit = new Error(`${name} terminou (${code ?? signal}) antes da hora`);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  return { exited: () => exit, stop };
}

async function startBare(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, '--serve-bare', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const { exited, stop } = watch(child, 'o mercurius puro');
  await waitForPort(port, { timeoutMs: 30_000, failed: exited });
  return { origin: `http://127.0.0.1:${port}`, exited, stop };
}

async function startClub(dataDir: string, profileDir: string | null): Promise<Server> {
  const port = await freePort();
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], {
    cwd: process.env['CLUB_ROOT'] ?? process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      NODE_ENV: 'production',
      // Production refuses the demo data unless asked: the bench logs in as the demo member.
      DEMO_DATA: 'true',
      SERVE_STATIC: 'false',
      SKIP_BUILD: '1',
      // Every request of the run is one member's (or the bench's address): far above what a minute of load makes.
      REQUESTS_PER_MINUTE: '100000000',
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'info',
    },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  const { exited, stop } = watch(child, 'a API do clube');
  // The first start migrates and seeds Ana's year of history (photos re-encoded): give it time.
  await waitForPort(port, { timeoutMs: 180_000, failed: exited });
  return { origin: `http://127.0.0.1:${port}`, exited, stop };
}

const body = (document: DocumentNode | { toString(): string }, variables: Record<string, unknown> = {}) => {
  if (!('definitions' in document)) {
    const query = document.toString();
    const operationName = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
    return JSON.stringify({ operationName, variables, query });
  }
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
  const operationName = operation && 'name' in operation ? operation.name?.value : undefined;
  return JSON.stringify({ operationName, variables, query: print(document) });
};

async function post(origin: string, payload: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}${GRAPHQL}`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, ...headers },
    body: payload,
  });
  const text = await res.text();
  const json = JSON.parse(text) as { data?: Record<string, unknown> | null; errors?: { message: string }[] };
  return { status: res.status, json, bytes: Buffer.byteLength(text), encoding: res.headers.get('content-encoding') };
}

/** What the login form does: a solved ALTCHA challenge, then MUserLogin with the demo member's e-mail. */
async function logIn(origin: string): Promise<string> {
  const challenge = (await (await fetch(`${origin}${apiRouteTable.altchaChallenge.path}`)).json()) as never;
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const { json } = await post(
    origin,
    body(MUserLoginDocument, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password, altcha }),
  );
  const token = (json.data?.['userLogin'] as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`Login falhou: ${JSON.stringify(json.errors)}`);
  return token;
}

interface Scenario {
  readonly name: string;
  readonly label: string;
  readonly server: 'bare' | 'club';
  readonly payload: string;
  readonly auth: boolean;
  /** Checks one answer before the load, so the run measures the real work and not an error. */
  readonly check: (data: Record<string, unknown>) => boolean;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'hello',
    label: 'mercurius puro { hello }',
    server: 'bare',
    payload: JSON.stringify({ query: '{ hello }' }),
    auth: false,
    check: (d) => d['hello'] === 'world',
  },
  {
    name: 'typename',
    label: 'clube { __typename }',
    server: 'club',
    payload: JSON.stringify({ query: '{ __typename }' }),
    auth: false,
    check: (d) => d['__typename'] === 'Query',
  },
  {
    // The floor of a signed-in member's request: the same answer, with the access token checked and the session's
    // family looked up, as every request of a member is.
    name: 'session',
    label: 'clube { __typename } com sessão',
    server: 'club',
    payload: JSON.stringify({ query: '{ __typename }' }),
    auth: true,
    check: (d) => d['__typename'] === 'Query',
  },
  {
    name: 'me',
    label: 'clube QMe (autenticado)',
    server: 'club',
    payload: body(QMeDocument),
    auth: true,
    check: (d) => (d['me'] as { email?: string } | null)?.email === DEMO_MEMBER.email,
  },
  {
    name: 'invoices',
    label: 'clube QMyInvoices, 1ª página (10)',
    server: 'club',
    payload: body(QMyInvoicesDocument, { first: 10 }),
    auth: true,
    check: (d) => ((d['myInvoices'] as { data?: unknown[] } | null)?.data?.length ?? 0) > 0,
  },
  {
    name: 'extract',
    label: 'clube QPointsEntries, 1ª página (20)',
    server: 'club',
    payload: body(QPointsEntriesDocument, { first: 20, from: null, to: null, kinds: null }),
    auth: true,
    check: (d) => ((d['pointsEntries'] as { data?: unknown[] } | null)?.data?.length ?? 0) > 0,
  },
];

interface Measure {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly bad: number;
}

async function load(origin: string, payload: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url: `${origin}${GRAPHQL}`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...headers },
    body: payload,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

async function measure(scenario: Scenario, origin: string, token: string): Promise<Measure> {
  const headers: Record<string, string> = scenario.auth ? { authorization: `Bearer ${token}` } : {};
  const { status, json, bytes, encoding } = await post(origin, scenario.payload, headers);
  // An answer over the compression threshold is compressed on every request of the load: part of what it costs.
  console.log(`  ${scenario.label}: resposta de ${bytes} bytes${encoding ? ` (enviada em ${encoding})` : ''}`);
  if (status !== 200 || json.errors || !json.data || !scenario.check(json.data)) {
    throw new Error(`${scenario.label}: resposta inesperada (${status}) ${JSON.stringify(json).slice(0, 300)}`);
  }
  await load(origin, scenario.payload, headers, WARM_UP_S);
  return load(origin, scenario.payload, headers, DURATION_S);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  return [line(rows[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** The functions with the most self time in a V8 CPU profile, with their share of the samples. */
function topSelfTime(file: string, count = 30): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anônima)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + (hits.get(node.id) ?? 0));
  }
  const total = profile.samples.length;
  return [...byFunction.entries()]
    .sort(([, a], [, b]) => b - a)
    .slice(0, count)
    .map(([name, n]) => `${((100 * n) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
}

async function main(): Promise<void> {
  const scenarios = SCENARIOS.filter((s) => s.server === 'bare' || !ONLY || ONLY.includes(s.name));
  console.log(
    `${os.cpus().length} núcleos, carga média ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}; ${CONNECTIONS} conexões, ${DURATION_S} s por medida (+${WARM_UP_S} s de aquecimento), ` +
      `${ROUNDS} rodada(s)`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clube-api-bench-'));
  const seeded = process.env['SEEDED_DATA'];
  if (seeded) cpSync(seeded, dataDir, { recursive: true, filter: (from) => !/\/(profile|server\.log)$/.test(from) });
  const profileDir = PROFILE ? path.join(dataDir, 'profile') : null;
  const servers: Server[] = [];
  try {
    console.log('iniciando o mercurius puro e a API do clube (migrações e dados de demonstração)…');
    const [bare, first] = await Promise.all([startBare(), startClub(dataDir, null)]);
    let club = first;
    servers.push(bare);
    if (profileDir) {
      // The profile covers the load, not the first start's migrations and seed: start again on the seeded data.
      await club.stop();
      club = await startClub(dataDir, profileDir);
    }
    servers.push(club);
    const token = await logIn(club.origin);
    console.log('Ana entrou; medindo.');

    const results = new Map<string, Measure[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const scenario of scenarios) {
        const server = scenario.server === 'bare' ? bare : club;
        const m = await measure(scenario, server.origin, token);
        const error = server.exited();
        if (error) throw error;
        results.set(scenario.name, [...(results.get(scenario.name) ?? []), m]);
        console.log(
          `  ${ROUNDS > 1 ? `rodada ${round}: ` : ''}${scenario.label}: ${m.rps.toFixed(0)} req/s, ` +
            `p99 ${m.p99} ms${m.bad ? `, ${m.bad} erros` : ''}`,
        );
      }
    }

    const summary = (name: string) => {
      const all = results.get(name) ?? [];
      return {
        rps: median(all.map((m) => m.rps)),
        p50: median(all.map((m) => m.p50)),
        p99: median(all.map((m) => m.p99)),
        bad: all.reduce((sum, m) => sum + m.bad, 0),
      };
    };
    const bareRps = summary('hello').rps;
    const rows = [
      ['consulta', 'req/s', 'p50 (ms)', 'p99 (ms)', 'erros', '× mercurius puro'],
      ...scenarios.map((s) => {
        const m = summary(s.name);
        return [
          s.label,
          m.rps.toFixed(0),
          m.p50.toFixed(0),
          m.p99.toFixed(0),
          String(m.bad),
          `${(m.rps / bareRps).toFixed(2)}×`,
        ];
      }),
    ];
    console.log(`\n${table(rows)}`);
    console.log(`carga média ao final: ${os.loadavg()[0]!.toFixed(1)}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    if (profileDir) {
      const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
      for (const file of files) {
        console.log(`\nperfil de CPU da API (tempo próprio, da segunda partida ao fim do processo): ${file}`);
        console.log(topSelfTime(path.join(profileDir, file)));
      }
    }
    if (process.env['KEEP_DATA'] === '1') console.log(`dados mantidos em ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve-bare') {
  serveBare(Number(process.argv[3])).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
