import '../esm-shims';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../db/database';
import { startProductionStack, type ApiInstance, type ProductionStack } from '../../hosting/test/production-stack';
import { INSTANCE_HEADER } from '../../http/instance-header';
import { JPEG, newKey, SUBMIT } from '../../modules/invoices/test/upload-helpers';
import { createMember } from '../../modules/users/repository';
import { hashPassword } from '../../auth/passwords';
import { COMPILED_SERVER_ENV } from '../club-command';
import { LOGIN } from '../helpers';
import { multipart } from '../multipart';

/**
 * A deploy's rolling restart behind nginx: both API processes get SIGTERM and start again, one after the other,
 * while members keep sending invoices through nginx. No member may read an error (a 502 least of all), and every
 * send the API acknowledged must be in the database afterwards. Each member may send 30 invoices in 10 minutes, so
 * the stream is spread over enough members, each stopping at SENDS_PER_MEMBER: about 10 sends a second for 100 s,
 * however slow a busy machine makes the restarts.
 */
const MEMBERS = 40;
const SENDS_PER_MEMBER = 25;
/** Between two sends of one member. */
const PAUSE_MS = 4_000;

const PASSWORD = 'Serragem#2026';

let stack: ProductionStack | undefined;
let root: string;
const tokens: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'clube-export-vazio-'));
  // The compiled server, as the image runs it, when the API project's global setup made it: a process starts in
  // about a second instead of tsx's several, twice per restart.
  const compiled = process.env[COMPILED_SERVER_ENV];
  stack = await startProductionStack({
    apiProcesses: 2,
    root,
    env: { HUMAN_VERIFICATION: 'false', DEMO_DATA: 'false', SHUTDOWN_GRACE_MS: '20000' },
    ...(compiled ? { runtime: { node: process.execPath, main: path.join(compiled, 'server', 'main.js') } } : {}),
    log: () => undefined,
  });
  const db = createDatabase({ kind: 'postgres', url: stack.databaseUrl });
  try {
    const passwordHash = await hashPassword(PASSWORD);
    for (let i = 0; i < MEMBERS; i += 1) {
      await createMember(db, {
        name: 'Marceneiro',
        surName: `Número ${i}`,
        cpf: cpfNumber(100_000_000 + i * 7_919),
        email: `reinicio${i}@exemplo.com.br`,
        password: PASSWORD,
        passwordHash,
      });
    }
  } finally {
    await db.destroy();
  }
  for (let i = 0; i < MEMBERS; i += 4) {
    const logins = await Promise.all(
      [i, i + 1, i + 2, i + 3].map((n) => graphql(LOGIN, { login: `reinicio${n}@exemplo.com.br`, password: PASSWORD })),
    );
    for (const login of logins) tokens.push((login.body.data!['userLogin'] as { token: string }).token);
  }
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A valid CPF from its first nine digits. */
function cpfNumber(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

async function graphql(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${stack!.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> | null } };
}

interface Send {
  readonly accessKey: string;
  readonly status: number;
  readonly id: string | undefined;
  readonly instance: string | null;
  readonly at: number;
  readonly problem: string | undefined;
}

/** One invoice photo sent through nginx as the app sends it. */
async function sendInvoice(token: string): Promise<Send> {
  const accessKey = newKey();
  const body = multipart(
    SUBMIT,
    { input: { idempotencyKey: randomUUID(), accessKey, files: [null] } },
    ['variables.input.files.0'],
    [{ name: 'nota.jpg', content: JPEG, type: 'image/jpeg' }],
  );
  const response = await fetch(`${stack!.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
    body: body.payload,
  });
  const text = await response.text();
  let id: string | undefined;
  let problem: string | undefined;
  try {
    const json = JSON.parse(text) as { data?: { submitInvoice?: { id: string } } | null; errors?: unknown[] };
    id = json.data?.submitInvoice?.id;
    if (json.errors) problem = JSON.stringify(json.errors);
  } catch {
    problem = text.slice(0, 200);
  }
  return {
    accessKey,
    status: response.status,
    id,
    instance: response.headers.get(INSTANCE_HEADER),
    at: Date.now(),
    problem,
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Esperou demais: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a rolling restart of both API processes behind nginx', () => {
  it('answers every member’s send, with no 502, and loses none it acknowledged', async () => {
    const sends: Send[] = [];
    let sending = true;
    const senders = tokens.map(async (token, i) => {
      // Spread over the pause, so the stream is even.
      await new Promise((resolve) => setTimeout(resolve, (PAUSE_MS / MEMBERS) * i));
      for (let sent = 0; sending && sent < SENDS_PER_MEMBER; sent += 1) {
        sends.push(await sendInvoice(token));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    });

    await until(() => sends.length >= 10, 30_000, 'os primeiros envios');
    const restarts: { name: string; exit: number | NodeJS.Signals | null; drainMs: number; backMs: number }[] = [];
    for (const instance of stack!.instances) restarts.push(await restart(instance, sends));
    const restartsDoneAt = Date.now();
    // The stream goes on a little on both new processes.
    const after = sends.length;
    await until(() => sends.length >= after + 10, 30_000, 'envios depois do reinício');
    sending = false;
    await Promise.all(senders);

    const failed = sends.filter((send) => send.status !== 200 || send.id === undefined);
    const badGateway = sends.filter((send) => send.status === 502).length;
    const acknowledged = sends.filter((send) => send.id !== undefined);

    const db = createDatabase({ kind: 'postgres', url: stack!.databaseUrl });
    let lost: string[];
    try {
      const rows = await db
        .selectFrom('invoices')
        .innerJoin('invoice_files', 'invoice_files.invoice_id', 'invoices.id')
        .select(['invoices.id', 'invoices.access_key'])
        .execute();
      const stored = new Set(rows.map((row) => `${row.id}:${row.access_key}`));
      lost = acknowledged.filter((send) => !stored.has(`${send.id}:${send.accessKey}`)).map((send) => send.accessKey);
    } finally {
      await db.destroy();
    }
    console.info(
      `Reinício escalonado: ${sends.length} envios, ${acknowledged.length} confirmados, ${badGateway} respostas 502, ` +
        `${failed.length} falhas, ${lost.length} perdidos; ${restarts
          .map((r) => `${r.name}: saiu com ${String(r.exit)} em ${r.drainMs} ms, de volta em ${r.backMs} ms`)
          .join('; ')}`,
    );
    expect(restarts.map((r) => r.exit)).toEqual([0, 0]);
    expect(failed.map((send) => `${send.status} ${send.problem ?? ''}`)).toEqual([]);
    expect(badGateway).toBe(0);
    expect(lost).toEqual([]);
    // Both new processes answer: the second one's sends, and the first one's (waited for before the second went).
    expect(new Set(sends.filter((send) => send.at > restartsDoneAt).map((send) => send.instance))).toEqual(
      new Set(['api-1', 'api-2']),
    );
  }, 120_000);
});

/**
 * SIGTERM, wait for the process to exit, start it again, wait until it is ready and nginx sends it work again (nginx
 * counts a refused process out for 10 s, its fail_timeout): only then may the next one go.
 */
async function restart(instance: ApiInstance, sends: readonly Send[]) {
  const started = Date.now();
  const exit = await instance.terminate();
  const drainMs = Date.now() - started;
  await instance.start();
  await until(async () => (await fetch(`${instance.url}/readyz`).catch(() => null))?.status === 200, 30_000, 'readyz');
  const backAt = Date.now();
  await until(
    () => sends.some((send) => send.instance === instance.name && send.at > backAt),
    30_000,
    `nginx voltar a mandar envios para ${instance.name}`,
  );
  return { name: instance.name, exit, drainMs, backMs: Date.now() - started };
}
