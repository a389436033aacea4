import '../test/esm-shims';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { print, type DocumentNode } from 'graphql';
import type { Kysely } from 'kysely';
// The login is one of the documents the pages opened cold send as a string (lib/graphql/request.ts).
import { MUserLoginDocument } from '../../lib/graphql/generated-public/graphql';
import {
  QFaqSubjectsDocument,
  QHomeRemindersDocument,
  QMeDocument,
  QMyInvoicesDocument,
  QMySessionsDocument,
  QPointsEntriesDocument,
  QPointsSummaryDocument,
  QProfileDocument,
  QProfileOptionsDocument,
  QProjectsDocument,
} from '../../lib/graphql/generated/graphql';
import { createDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { appendEntries } from '../modules/points/ledger';
import { createMember } from '../modules/users/repository';
import { freePort, waitForPort } from '../test/free-port';

/**
 * mercurius compiles a document with graphql-jit on its second request (`jit: 1`) and runs the compiled function
 * from then on. The test apps turn mercurius's query cache off (Jest cannot load it), so this runs the API as
 * `npm start` does, in a child process, and asks each of the app's main documents three times: graphql-js
 * answers the first, the compiling request the second, the compiled function the third. The answers must match.
 */
const REPO_ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'Serragem#2026';

let child: ChildProcess | undefined;
let dataDir: string;
let origin: string;
let db: Kysely<Database> | undefined;

async function post(body: object, token?: string) {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'apollo-require-preflight': 'true',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const operation = (document: DocumentNode | { toString(): string }, variables: Record<string, unknown> = {}) => ({
  query: 'definitions' in document ? print(document) : document.toString(),
  variables,
});

describe('compiled queries (graphql-jit) answer as graphql-js does', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clube-jit-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    let exit: Error | null = null;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        SERVE_STATIC: 'false',
        SKIP_BUILD: '1',
        DEMO_DATA: 'false',
        HUMAN_VERIFICATION: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => {
      exit = new Error(`the API stopped (${code})`);
    });
    await waitForPort(port, { timeoutMs: 60_000, failed: () => exit });
    // The server has migrated the file; a member with a complete profile and some points, written beside it.
    db = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'club.sqlite') });
    const member = await createMember(db, {
      name: 'Jonas',
      surName: 'Teixeira',
      cpf: '111.444.777-35',
      email: 'jonas@exemplo.com.br',
      password: PASSWORD,
      emailConfirmed: true,
      phoneNumber: '11987650000',
      phoneVerified: true,
      birthDate: '1980-05-01',
      gender: 'masculino',
      careerName: 'Marceneiro',
      cep: '01310100',
      address: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      stateUf: 'SP',
      cityName: 'São Paulo',
      accountType: 'member',
    });
    for (const points of [120, -20, 35]) {
      await appendEntries(
        db,
        member.id,
        [{ userId: member.id, kind: points > 0 ? 'credit' : 'adjustment', points, description: 'Teste' }],
        new Date(),
      );
    }
  }, 90_000);

  afterAll(async () => {
    await db?.destroy();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('for the member, public and refused requests alike', async () => {
    const login = await post(operation(MUserLoginDocument, { login: 'jonas@exemplo.com.br', password: PASSWORD }));
    const token = (login.body['data'] as { userLogin: { token: string } }).userLogin.token;
    const cases: [string, object, string | undefined][] = [
      ['QMe', operation(QMeDocument), token],
      ['QProfile', operation(QProfileDocument), token],
      ['QHomeReminders', operation(QHomeRemindersDocument), token],
      ['QPointsSummary', operation(QPointsSummaryDocument), token],
      ['QPointsEntries', operation(QPointsEntriesDocument, { first: 20, kinds: ['CREDIT', 'ADJUSTMENT'] }), token],
      ['QMyInvoices', operation(QMyInvoicesDocument, { first: 10 }), token],
      ['QProjects', operation(QProjectsDocument, { pageSize: 10 }), token],
      ['QMySessions', operation(QMySessionsDocument), token],
      ['QProfileOptions', operation(QProfileOptionsDocument), undefined],
      ['QFaqSubjects', operation(QFaqSubjectsDocument, { preview: false }), undefined],
      ['QMe without a session', operation(QMeDocument), undefined],
      ['a variable of the wrong type', operation(QMyInvoicesDocument, { first: 'dez' }), token],
      ['a page too large', operation(QPointsEntriesDocument, { first: 5000 }), token],
      [
        'an unknown invoice',
        { query: 'query Nota($id: ID!) { invoice(id: $id) { id } }', variables: { id: '999' } },
        token,
      ],
    ];
    const first = new Map<string, { status: number; body: Record<string, unknown> }>();
    for (const [name, body, auth] of cases) {
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await post(body, auth));
      first.set(name, answers[0]!);
      expect({ name, second: answers[1] }).toEqual({ name, second: answers[0] });
      expect({ name, third: answers[2] }).toEqual({ name, third: answers[0] });
    }
    // The answers compared are real ones: data where the member has some, the API's errors where it refuses.
    expect(first.get('QMe')?.body).toMatchObject({
      data: { me: { email: 'jonas@exemplo.com.br', pointsBalance: 135 } },
    });
    expect(first.get('QPointsEntries')?.body).toMatchObject({ data: { pointsEntries: { data: [{}, {}, {}] } } });
    for (const name of [
      'QMe without a session',
      'a variable of the wrong type',
      'a page too large',
      'an unknown invoice',
    ]) {
      expect((first.get(name)?.body['errors'] as unknown[] | undefined)?.length).toBe(1);
    }
  }, 60_000);
});
