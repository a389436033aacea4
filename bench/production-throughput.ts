/**
 * Requests per second and p99 latency of the production shape with 1 and then 2 API processes behind nginx, on
 * PostgreSQL with the files in S3 (s3rver): an authenticated `me` query, and invoice sends (a small PDF, every send
 * with its own access key and idempotency key). Not a test: `node --import tsx bench/production-throughput.ts`.
 *
 * Neither autocannon nor wrk is installed here, so the load comes from a small loop over Node's own HTTP client
 * with keep-alive connections, in this process. It shares the machine with everything it measures: read the numbers
 * as a comparison between 1 and 2 processes on the same machine, not as a server's capacity.
 *
 * Bounded: DURATION seconds per measurement (default 8) with CONNECTIONS requests in flight (default 16); each
 * invoice run also stops at a request cap that keeps every member under the per-process upload limit.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { withCheckDigit } from '../common/validation/access-key';
import { createDatabase } from '../server/db/database';
import { startProductionStack, type ProductionStack } from '../server/hosting/test/production-stack';
import { INSTANCE_HEADER } from '../server/http/instance-header';
import { hashPassword } from '../server/auth/passwords';
import { signAccessToken } from '../server/auth/tokens';
import { UPLOADS_PER_WINDOW } from '../server/modules/invoices/upload-limiter';
import { createMember } from '../server/modules/users/repository';

const DURATION_MS = Number(process.env['DURATION'] ?? 8) * 1000;
const CONNECTIONS = Number(process.env['CONNECTIONS'] ?? 16);
const WARM_UP_MS = 1500;
/** Members the load is spread over; each may start UPLOADS_PER_WINDOW sends per process in ten minutes. */
const MEMBERS = 100;
/** Invoice sends per run: every member stays under the upload limit even if one process got them all. */
const INVOICE_CAP = MEMBERS * (UPLOADS_PER_WINDOW - 2);
const PDF = Buffer.from(`%PDF-1.4\n${'% nota fiscal de teste\n'.repeat(40)}%%EOF\n`);

interface Result {
  processes: number;
  scenario: string;
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
  spread: string;
}

interface Target {
  host: string;
  port: number;
  agent: http.Agent;
}

/** One request; resolves with the status, the body and which API process answered. */
function send(
  target: Target,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
): Promise<{ status: number; body: string; instance: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.host,
        port: target.port,
        path: '/graphql',
        method: 'POST',
        agent: target.agent,
        headers: { ...headers, 'content-length': body.length, 'apollo-require-preflight': 'true' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            instance: String(res.headers[INSTANCE_HEADER] ?? '?'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * CONNECTIONS loops, each sending its next request as soon as the previous answered, until the time is up or `cap`
 * requests have started. Latencies are those of requests started after the warm-up.
 */
async function load(
  target: Target,
  next: () => { headers: http.OutgoingHttpHeaders; body: Buffer },
  { durationMs, cap = Infinity }: { durationMs: number; cap?: number },
) {
  const latencies: number[] = [];
  const byInstance = new Map<string, number>();
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  const end = t0 + durationMs;
  let lastDone = t0;
  const loop = async () => {
    while (performance.now() < end && started < cap) {
      started++;
      const { headers, body } = next();
      const at = performance.now();
      try {
        const answer = await send(target, headers, body);
        if (answer.status !== 200 || answer.body.includes('"errors"')) {
          errors++;
          if (errors <= 3) console.error(`  resposta com erro (${answer.status}): ${answer.body.slice(0, 200)}`);
        }
        byInstance.set(answer.instance, (byInstance.get(answer.instance) ?? 0) + 1);
      } catch (error) {
        errors++;
        if (errors <= 3) console.error(`  falha de conexão: ${(error as Error).message}`);
      }
      lastDone = performance.now();
      latencies.push(lastDone - at);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  latencies.sort((a, b) => a - b);
  const spread = [...byInstance.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${Math.round((100 * count) / Math.max(1, latencies.length))}%`)
    .join(', ');
  return { requests: latencies.length, errors, seconds: (lastDone - t0) / 1000, latencies, spread };
}

/** Members with a complete profile, one password hash for all, and an access token each, signed with the stack's secret. */
async function createMembers(stack: ProductionStack): Promise<string[]> {
  const db = createDatabase({ kind: 'postgres', url: stack.databaseUrl });
  const passwordHash = await hashPassword('Serragem#2026');
  const secret = new TextEncoder().encode(stack.jwtSecret);
  const tokens: string[] = [];
  try {
    for (let i = 0; i < MEMBERS; i++) {
      const cpf = cpfFrom(100_000_000 + i);
      const member = await createMember(db, {
        name: 'Carga',
        surName: `Teste ${i}`,
        cpf,
        email: `carga.${cpf}@exemplo.com.br`,
        passwordHash,
        password: '',
        emailConfirmed: true,
        phoneNumber: `1197${String(i).padStart(7, '0')}`,
        phoneVerified: true,
        birthDate: '1980-01-01',
        gender: 'masculino',
        careerName: 'Marceneiro',
        cep: '01310100',
        address: 'Avenida Paulista',
        number: String(i),
        district: 'Bela Vista',
        stateUf: 'SP',
        cityName: 'São Paulo',
        accountType: 'member',
      });
      tokens.push(await signAccessToken({ jwtSecret: secret, now: Date.now }, member.id));
    }
  } finally {
    await db.destroy();
  }
  return tokens;
}

/** A valid CPF from nine digits. */
function cpfFrom(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const start of [10, 11]) {
    const rest = (digits.reduce((acc, d, i) => acc + d * (start - i), 0) * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** A store the seed registers. */
const STORE_CNPJ = '58716523000119';
let keySerial = 0;
/** A valid access key nobody has sent: SP, November 2026, a registered store, a serial number of its own. */
function nextAccessKey(): string {
  keySerial++;
  const number = String(keySerial).padStart(9, '0');
  const code = String(10_000_000 + (keySerial % 89_999_999));
  return withCheckDigit(`352611${STORE_CNPJ}55001${number}1${code}`);
}

function invoiceRequest(token: string): { headers: http.OutgoingHttpHeaders; body: Buffer } {
  const boundary = `----bench${randomUUID()}`;
  const operations = JSON.stringify({
    query: 'mutation ($input: SubmitInvoiceInput!) { submitInvoice(input: $input) { id status } }',
    variables: { input: { accessKey: nextAccessKey(), idempotencyKey: randomUUID(), files: [null] } },
  });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"nota":["variables.input.files.0"]}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="nota"; filename="nota.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    body,
  };
}

async function measure(processes: number): Promise<Result[]> {
  const t0 = Date.now();
  const stack = await startProductionStack({
    apiProcesses: processes,
    root: path.resolve('out'),
    progress: (step) => console.log(`  iniciando ${step}`),
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    console.log(`  pronto em ${((Date.now() - t0) / 1000).toFixed(1)} s; criando ${MEMBERS} participantes…`);
    const tokens = await createMembers(stack);
    const url = new URL(stack.url);
    const target: Target = { host: url.hostname, port: Number(url.port), agent };
    let turn = 0;
    const nextToken = () => tokens[turn++ % tokens.length]!;
    const results: Result[] = [];
    const record = (scenario: string, run: Awaited<ReturnType<typeof load>>) => {
      results.push({
        processes,
        scenario,
        requests: run.requests,
        errors: run.errors,
        seconds: run.seconds,
        p50: percentile(run.latencies, 50),
        p99: percentile(run.latencies, 99),
        spread: run.spread,
      });
      console.log(`  ${scenario}: ${run.requests} requisições em ${run.seconds.toFixed(1)} s (${run.spread})`);
    };

    const me = Buffer.from(JSON.stringify({ query: '{ me { id name email } }' }));
    const meRequest = () => ({
      headers: { 'content-type': 'application/json', authorization: `Bearer ${nextToken()}` },
      body: me,
    });
    await load(target, meRequest, { durationMs: WARM_UP_MS });
    record('me (consulta autenticada)', await load(target, meRequest, { durationMs: DURATION_MS }));

    const warmUpSends = 2 * CONNECTIONS;
    await load(target, () => invoiceRequest(nextToken()), { durationMs: WARM_UP_MS, cap: warmUpSends });
    record(
      'envio de nota (PDF de 1 KB)',
      await load(target, () => invoiceRequest(nextToken()), {
        durationMs: DURATION_MS,
        cap: INVOICE_CAP - warmUpSends,
      }),
    );
    return results;
  } finally {
    agent.destroy();
    await stack.stop();
  }
}

function table(results: Result[]): string {
  const rows = [
    ['processos', 'cenário', 'requisições', 'erros', 'req/s', 'p50 (ms)', 'p99 (ms)', 'respondidas por'],
    ...results.map((r) => [
      String(r.processes),
      r.scenario,
      String(r.requests),
      String(r.errors),
      (r.requests / r.seconds).toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.spread,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(rows[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

async function main(): Promise<void> {
  console.log(
    `${os.cpus().length} núcleos, carga média ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}; ${CONNECTIONS} conexões, ${DURATION_MS / 1000} s por medida`,
  );
  const results: Result[] = [];
  for (const processes of [1, 2]) {
    console.log(`\n${processes} processo(s) da API atrás do nginx:`);
    results.push(...(await measure(processes)));
  }
  console.log(`\n${table(results)}`);
  console.log(`carga média ao final: ${os.loadavg()[0]!.toFixed(1)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
