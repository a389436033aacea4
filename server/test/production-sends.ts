import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from '../auth/passwords';
import { createDatabase } from '../db/database';
import { INSTANCE_HEADER } from '../http/instance-header';
import { JPEG, newKey, SUBMIT } from '../modules/invoices/test/upload-helpers';
import { createMember } from '../modules/users/repository';
import { COMPILED_SERVER_ENV } from './club-command';
import { LOGIN } from './helpers';
import { multipart } from './multipart';

/**
 * Members sending invoices to the production shape through nginx, as the app does: for the tests that restart or back
 * up the club while it works (server/test/faults/rolling-restart.test.ts, server/backup/postgres-backup.test.ts).
 */

const PASSWORD = 'Serragem#2026';

/**
 * The API processes as the image runs them, on the server the API project's global setup compiled (when it did): a
 * process starts in about a second instead of tsx's several.
 */
export function compiledRuntime(): { runtime?: { node: string; main: string } } {
  const compiled = process.env[COMPILED_SERVER_ENV];
  return compiled ? { runtime: { node: process.execPath, main: path.join(compiled, 'server', 'main.js') } } : {};
}

/** A valid CPF from its first nine digits. */
function cpfNumber(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

/** `count` new members written straight into the club's database, each logged in through nginx: their tokens. */
export async function membersSigningIn(databaseUrl: string, nginxUrl: string, count: number): Promise<string[]> {
  const db = createDatabase({ kind: 'postgres', url: databaseUrl });
  const email = (n: number) => `enviador${n}@exemplo.com.br`;
  try {
    // One hash for all: the same password, and argon2 is the slow part of making a member.
    const passwordHash = await hashPassword(PASSWORD);
    for (let i = 0; i < count; i += 1) {
      await createMember(db, {
        name: 'Marceneiro',
        surName: `Número ${i}`,
        cpf: cpfNumber(100_000_000 + i * 7_919),
        email: email(i),
        password: PASSWORD,
        passwordHash,
      });
    }
  } finally {
    await db.destroy();
  }
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 4) {
    const logins = await Promise.all(
      [i, i + 1, i + 2, i + 3]
        .filter((n) => n < count)
        .map(async (n) => {
          const response = await fetch(`${nginxUrl}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: LOGIN, variables: { login: email(n), password: PASSWORD } }),
          });
          const body = (await response.json()) as { data?: { userLogin?: { token: string } } };
          if (!body.data?.userLogin) throw new Error(`Login de ${email(n)} falhou: ${JSON.stringify(body)}`);
          return body.data.userLogin.token;
        }),
    );
    tokens.push(...logins);
  }
  return tokens;
}

export interface Send {
  readonly accessKey: string;
  readonly status: number;
  /** The invoice's id when the API acknowledged the send. */
  readonly id: string | undefined;
  /** The API process that answered (X-Clube-Instance). */
  readonly instance: string | null;
  /** When the answer arrived. */
  readonly at: number;
  readonly problem: string | undefined;
}

/** One invoice photo sent through nginx as the app sends it. */
export async function sendInvoice(nginxUrl: string, token: string): Promise<Send> {
  const accessKey = newKey();
  const body = multipart(
    SUBMIT,
    { input: { idempotencyKey: randomUUID(), accessKey, files: [null] } },
    ['variables.input.files.0'],
    [{ name: 'nota.jpg', content: JPEG, type: 'image/jpeg' }],
  );
  const post = () =>
    fetch(`${nginxUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
      body: body.payload,
    });
  // A kept connection nginx closes as it reloads ("other side closed") fails the request before any answer; the app
  // sends again with the same idempotency key, as its offline queue does, and the club answers with the same invoice.
  const response = await post().catch(async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return post();
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
  const instance = response.headers.get(INSTANCE_HEADER);
  return { accessKey, status: response.status, id, instance, at: Date.now(), problem };
}

/**
 * Each member sends, `pauseMs` apart, until `stop()` or `perMember` sends (a member may send 30 invoices in 10
 * minutes); `sends` fills as the answers come.
 */
export function sendingStream(nginxUrl: string, tokens: readonly string[], pauseMs: number, perMember: number) {
  const sends: Send[] = [];
  let sending = true;
  const senders = tokens.map(async (token, i) => {
    // Spread over the pause, so the stream is even.
    await new Promise((resolve) => setTimeout(resolve, (pauseMs / tokens.length) * i));
    for (let sent = 0; sending && sent < perMember; sent += 1) {
      sends.push(await sendInvoice(nginxUrl, token));
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  });
  return {
    sends,
    stop: async () => {
      sending = false;
      await Promise.all(senders);
    },
  };
}

export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Esperou demais: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
