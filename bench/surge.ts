/**
 * Month-end surge: members send photo invoices in parallel while the operator approves from the terminal
 * (`npm run invoices -- approve`, another process) and the CPU is kept busy by other work. Reports sends per second,
 * p50/p99, the answers by kind, the approvals that failed, and whether every acknowledged invoice is in the database
 * afterwards. Not a test: `node --import tsx bench/surge.ts` (SHAPE=embedded|production|both, default both).
 *
 * The goal: 0 internal errors, 0 failed approvals, every acknowledged invoice present, on both shapes.
 *
 * Bounded: DURATION seconds of sending (default 20) with CONNECTIONS sends in flight (default 12), MEMBERS members
 * (default 40) each kept under the per-member upload limit, BUSY busy-loop processes (default 1) for the duration.
 * Everything runs on this machine against loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withCheckDigit } from '../common/validation/access-key';
import { hashPassword } from '../server/auth/passwords';
import { signAccessToken } from '../server/auth/tokens';
import { createDatabase, type DatabaseTarget } from '../server/db/database';
import type { Db } from '../server/db/schema';
import { startProductionStack } from '../server/hosting/test/production-stack';
import { UPLOADS_PER_WINDOW } from '../server/modules/invoices/upload-limiter';
import { createMember } from '../server/modules/users/repository';
import { multipart } from '../server/test/multipart';

const DURATION_MS = Number(process.env['DURATION'] ?? 20) * 1000;
const CONNECTIONS = Number(process.env['CONNECTIONS'] ?? 12);
const MEMBERS = Number(process.env['MEMBERS'] ?? 40);
const BUSY = Number(process.env['BUSY'] ?? 1);
const SHAPE = process.env['SHAPE'] ?? 'both';
const ROOT = path.resolve(__dirname, '..');
/** A small real JPEG's first bytes and end: the API sniffs the type from the bytes. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(30_000, 0x55),
  Buffer.from([0xff, 0xd9]),
]);
const SUBMIT = `mutation Submit($input: SubmitInvoiceInput!) { submitInvoice(input: $input) { id status } }`;

interface Target {
  readonly host: string;
  readonly port: number;
  readonly databaseTarget: DatabaseTarget;
  readonly jwtSecret: string;
  /** Environment the terminal's commands need to reach the same club. */
  readonly cliEnv: NodeJS.ProcessEnv;
}

type Kind = 'acknowledged' | 'internal' | 'limited' | 'refused' | 'http' | 'network';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

let serial = 0;
/** A fresh valid NF-e key (SP, a registered store, model 55). */
function newKey(): string {
  serial += 1;
  const number = String(serial + Math.floor(Math.random() * 1e6)).padStart(9, '0');
  return withCheckDigit(`35261158716523000119` + `55001${number}1${String(10000000 + serial * 7919).slice(0, 8)}`);
}

function cpfFrom(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const start of [10, 11]) {
    const sum = digits.reduce((acc, d, i) => acc + d * (start - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

async function createMembers(db: Db, jwtSecret: string): Promise<string[]> {
  const passwordHash = await hashPassword('Serragem#2026');
  const secret = new TextEncoder().encode(jwtSecret);
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const cpf = cpfFrom(200_000_000 + i);
    const member = await createMember(db, {
      name: 'Surto',
      surName: `Teste ${i}`,
      cpf,
      email: `surto.${cpf}@exemplo.com.br`,
      passwordHash,
      password: '',
      emailConfirmed: true,
      phoneNumber: `1196${String(i).padStart(7, '0')}`,
      phoneVerified: true,
      birthDate: '1980-01-01',
      accountType: 'member',
    });
    tokens.push(await signAccessToken({ jwtSecret: secret, now: Date.now }, member.id));
  }
  return tokens;
}

function sendInvoice(target: Target, agent: http.Agent, token: string): Promise<{ kind: Kind; id?: string }> {
  const body = multipart(
    SUBMIT,
    { input: { accessKey: newKey(), idempotencyKey: randomUUID(), files: [null] } },
    ['variables.input.files.0'],
    [{ name: 'nota.jpg', content: JPEG }],
  );
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.host,
        port: target.port,
        path: '/graphql',
        method: 'POST',
        agent,
        headers: {
          'content-type': body.contentType,
          'content-length': body.payload.length,
          authorization: `Bearer ${token}`,
          'apollo-require-preflight': 'true',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: { data?: { submitInvoice?: { id: string } }; errors?: { extensions?: { code?: string } }[] };
          try {
            json = JSON.parse(text);
          } catch {
            resolve({ kind: 'http' });
            return;
          }
          const code = json.errors?.[0]?.extensions?.code;
          if (json.data?.submitInvoice) resolve({ kind: 'acknowledged', id: json.data.submitInvoice.id });
          else if (code === 'INTERNAL_SERVER_ERROR' || (res.statusCode ?? 500) >= 500) resolve({ kind: 'internal' });
          else if (code === 'TOO_MANY_REQUESTS') resolve({ kind: 'limited' });
          else if (code) resolve({ kind: 'refused' });
          else resolve({ kind: 'http' });
        });
      },
    );
    req.on('error', () => resolve({ kind: 'network' }));
    req.end(body.payload);
  });
}

/** Busy-loop processes standing for the other work of a shared machine. */
function busyLoops(ms: number): ChildProcess[] {
  return Array.from({ length: BUSY }, () =>
    spawn(process.execPath, ['-e', `const end = Date.now() + ${ms}; while (Date.now() < end) {}`], { stdio: 'ignore' }),
  );
}

function runCli(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/invoices.ts', ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

/** The operator: approves the oldest photo invoice waiting, one terminal command at a time, until told to stop. */
async function operator(db: Db, env: NodeJS.ProcessEnv, running: () => boolean) {
  let approved = 0;
  let failed = 0;
  const reasons: string[] = [];
  while (running()) {
    const waiting = await db
      .selectFrom('invoices')
      .select('id')
      .where('status', 'in', ['received', 'in_review'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!waiting) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const { code, stderr } = await runCli(env, ['approve', String(waiting.id), '--points', '10']);
    if (code === 0) approved += 1;
    else if (!/já foi analisada/.test(stderr)) {
      failed += 1;
      reasons.push(stderr.trim().split('\n')[0] ?? '');
    }
  }
  return { approved, failed, reasons };
}

async function surge(label: string, target: Target): Promise<void> {
  const db = createDatabase(target.databaseTarget);
  try {
    const tokens = await createMembers(db, target.jwtSecret);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const counts: Record<Kind, number> = { acknowledged: 0, internal: 0, limited: 0, refused: 0, http: 0, network: 0 };
    const latencies: number[] = [];
    const acknowledged: string[] = [];
    const perMember = new Array<number>(tokens.length).fill(0);
    const cap = UPLOADS_PER_WINDOW - 2;
    const busy = busyLoops(DURATION_MS + 5000);
    const started = Date.now();
    const ends = started + DURATION_MS;
    let next = 0;
    let stopOperator = false;
    const approvals = operator(db, target.cliEnv, () => !stopOperator);
    const worker = async () => {
      while (Date.now() < ends) {
        const member = next++ % tokens.length;
        if (perMember[member]! >= cap) {
          if (perMember.every((n) => n >= cap)) return;
          continue;
        }
        perMember[member]! += 1;
        const t0 = performance.now();
        const answer = await sendInvoice(target, agent, tokens[member]!);
        latencies.push(performance.now() - t0);
        counts[answer.kind] += 1;
        if (answer.id) acknowledged.push(answer.id);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const seconds = (Date.now() - started) / 1000;
    stopOperator = true;
    const review = await approvals;
    for (const p of busy) p.kill();
    agent.destroy();

    const present = new Set<number>();
    for (let i = 0; i < acknowledged.length; i += 500) {
      const ids = acknowledged.slice(i, i + 500).map(Number);
      for (const row of await db.selectFrom('invoices').select('id').where('id', 'in', ids).execute()) {
        present.add(row.id);
      }
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    console.log(`\n${label}`);
    console.log(
      `  sends: ${latencies.length} in ${seconds.toFixed(1)} s = ${(latencies.length / seconds).toFixed(1)}/s · ` +
        `p50 ${at(0.5).toFixed(0)} ms · p99 ${at(0.99).toFixed(0)} ms`,
    );
    console.log(`  answers: ${JSON.stringify(counts)}`);
    console.log(`  terminal approvals: ${review.approved} done, ${review.failed} failed ${review.reasons.join(' | ')}`);
    console.log(`  acknowledged invoices present afterwards: ${present.size} of ${acknowledged.length}`);
  } finally {
    await db.destroy();
  }
}

async function embedded(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clube-surto-'));
  const jwtSecret = 'surto-de-fim-de-mes-segredo-com-32-caracteres';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    SKIP_BUILD: '1',
    SERVE_STATIC: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    REQUESTS_PER_MINUTE: '1000000',
    DEVICE_RISK_AUTOMATION: 'off',
    DEVICE_RISK_MEMBERS_PER_DEVICE: '1000000',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: 'inherit' });
  try {
    for (let i = 0; i < 600; i += 1) {
      const up = await fetch(`http://127.0.0.1:${port}/graphql?query=%7B__typename%7D`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await surge('Embedded default (SQLite, one process)', {
      host: '127.0.0.1',
      port,
      databaseTarget: { kind: 'sqlite', file: path.join(dataDir, 'club.sqlite') },
      jwtSecret,
      cliEnv: env,
    });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function production(): Promise<void> {
  const stack = await startProductionStack({
    apiProcesses: 2,
    root: path.join(ROOT, 'out'),
    env: { REQUESTS_PER_MINUTE: '1000000', DEVICE_RISK_AUTOMATION: 'off', LOG_LEVEL: 'warn' },
    progress: (m) => console.log(m),
  });
  try {
    const url = new URL(stack.url);
    await surge('Production shape (PostgreSQL, 2 API processes, nginx, S3)', {
      host: url.hostname,
      port: Number(url.port),
      databaseTarget: { kind: 'postgres', url: stack.databaseUrl },
      jwtSecret: stack.jwtSecret,
      cliEnv: { ...process.env, DATABASE_URL: stack.databaseUrl, JWT_SECRET: stack.jwtSecret, DATA_DIR: tmpdir() },
    });
  } finally {
    await stack.stop();
  }
}

async function main() {
  if (SHAPE === 'embedded' || SHAPE === 'both') await embedded();
  if (SHAPE === 'production' || SHAPE === 'both') await production();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
