/**
 * The club at scale: does any member or staff request, or the daily job, grow with the club rather than with the
 * member's own rows or the page asked for? Generates a consistent club (server/test/generated-club.ts, set-based
 * SQL) at a small and a big size, on a throw-away PostgreSQL (Debian's, started as the tests start theirs) and on a
 * SQLite file, times every operation of the hot list through the real `/graphql` and `/painel/graphql` endpoints
 * (HTTP on 127.0.0.1, the app as `npm start` builds it), and prints, per database, the median time at each size, the
 * ratio big/small and, for each slow operation, its slowest statement and that statement's plan nodes. Not a test:
 *
 *   node --import tsx bench/club-at-scale.ts
 *
 * Settings (environment): DATABASES (`postgres,sqlite`), POSTGRES_SIZES (`2000,200000` members), SQLITE_SIZES
 * (`2000,20000`), RUNS (7 timed requests per operation after 2 to warm up; the median is shown), SLOW_MS (plans are
 * printed for an operation above this at the big size, or growing more than 2×; 20).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { startTestPostgres, type TestPostgres } from '../server/db/postgres/test-server';
import type { Db } from '../server/db/schema';
import { buildApp } from '../server/app';
import { expiryJob } from '../server/modules/points/expiry-job';
import { startStaffSession } from '../server/modules/staff';
import { seedDemoData } from '../server/seed';
import { generateClub, type GeneratedClub } from '../server/test/generated-club';
import { loadConfig } from '../server/config';
import { HOT_OPERATIONS, MEMBER_LOGIN } from '../server/test/hot-operations';
import { captureStatements, explain, isRead, type Statement } from '../server/test/query-plans';
import { apiRouteTable } from '../server/http/api-routes';
import { PAINEL_API_PATHS } from '../common/painel/api-paths';
import { STAFF_ROLES } from '../common/painel/roles';

type DialectName = 'postgres' | 'sqlite';
const sizesOf = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map((s) => Math.max(1, Number(s.trim()))) : fallback;
const DATABASES = (process.env['DATABASES'] ?? 'postgres,sqlite').split(',').map((s) => s.trim()) as DialectName[];
const SIZES: Record<DialectName, number[]> = {
  postgres: sizesOf(process.env['POSTGRES_SIZES'], [2_000, 200_000]),
  sqlite: sizesOf(process.env['SQLITE_SIZES'], [2_000, 20_000]),
};
const RUNS = Math.max(1, Number(process.env['RUNS'] ?? 7));
const WARM_UP = 2;
const SLOW_MS = Number(process.env['SLOW_MS'] ?? 20);
const DAY_MS = 24 * 60 * 60 * 1000;

const JOB = 'daily expiry job';

interface Timing {
  readonly ms: number;
  readonly slowest: Statement | null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function post(url: string, query: string, variables: Record<string, unknown>, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'apollo-require-preflight': 'true',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, { token?: string }>; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`${res.status}: ${body.errors.map((e) => e.message).join('; ')}`);
  return body.data ?? {};
}

async function openClub(kind: DialectName, members: number, server: TestPostgres | null) {
  let db: Db;
  let dispose: () => Promise<void>;
  if (kind === 'postgres') {
    const name = `club_${members}`;
    const admin = new pg.Client({ connectionString: server!.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    db = createDatabase({ kind: 'postgres', url: server!.urlOf(name) });
    dispose = () => db.destroy();
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'clube-escala-'));
    db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'club.db') });
    dispose = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await migrateToLatest(db);
  await seedDemoData(db);
  const started = performance.now();
  const club = await generateClub(db, { members });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${kind}, ${members} membros gerados em ${seconds} s: ${JSON.stringify(club.counts)}`);
  return { db, club, dispose };
}

async function measure(db: Db, club: GeneratedClub): Promise<Map<string, Timing>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clube-escala-dados-'));
  // The defaults of `npm start`, but no human check and no request limit in the way of the timings.
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'segredo-do-benchmark-com-mais-de-32-caracteres',
    HUMAN_VERIFICATION: 'false',
    REQUESTS_PER_MINUTE: '100000',
    LOGIN_ATTEMPTS_PER_IP: '100000',
    SERVE_STATIC: 'false',
  });
  // The app's start runs every job not run today, and Fastify gives its start 10 s: the daily jobs are marked as run
  // (the expiry job is timed on its own below), so the start does not time out on a loaded machine.
  for (const job of ['points-expiry', 'device-sessions-cleanup', 'notifications-prune', 'project-photo-sweep']) {
    await sql`INSERT INTO job_runs (name, locked_until, last_run_at) VALUES (${job}, NULL, ${new Date().toISOString()})
      ON CONFLICT (name) DO UPDATE SET last_run_at = excluded.last_run_at`.execute(db);
  }
  const app = buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const admin = await db
    .selectFrom('staff_accounts')
    .select(['id', 'name', 'email'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // One person with every role, so every section of the painel answers the same token.
  await db
    .insertInto('staff_roles')
    .values(STAFF_ROLES.map((role) => ({ staff_id: admin.id, role })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const staff = await startStaffSession(db, config, { ...admin, roles: STAFF_ROLES }, '127.0.0.1', new Date());
  const login = await post(`${origin}${apiRouteTable.graphql.path}`, MEMBER_LOGIN, {
    login: club.heavyMemberEmail,
    password: club.password,
  });
  const memberToken = login['userLogin']?.token;
  const capture = captureStatements(db);
  const timings = new Map<string, Timing>();
  try {
    for (const op of HOT_OPERATIONS) {
      const url = `${origin}${op.endpoint === 'member' ? apiRouteTable.graphql.path : PAINEL_API_PATHS.graphql}`;
      const token = op.endpoint === 'member' ? memberToken : staff.token;
      const variables =
        op.name === 'login' ? { login: club.heavyMemberEmail, password: club.password } : (op.variables?.(club) ?? {});
      const times: number[] = [];
      let slowest: Statement | null = null;
      for (let i = 0; i < WARM_UP + RUNS; i += 1) {
        capture.take();
        const started = performance.now();
        await post(url, op.query, variables, token);
        const ms = performance.now() - started;
        if (i < WARM_UP) continue;
        times.push(ms);
        const top = capture.take().sort((a, b) => b.ms - a.ms)[0] ?? null;
        if (top && (!slowest || top.ms > slowest.ms)) slowest = top;
      }
      timings.set(op.name, { ms: median(times), slowest });
    }
    // The job once, the next day: the lots that fell due overnight, and the reminders.
    capture.take();
    const started = performance.now();
    await expiryJob(db, () => Date.now() + DAY_MS).run();
    const ms = performance.now() - started;
    timings.set(JOB, { ms, slowest: capture.take().sort((a, b) => b.ms - a.ms)[0] ?? null });
  } finally {
    capture.stop();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return timings;
}

const format = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);

async function planLine(db: Db, statement: Statement | null): Promise<string> {
  if (!statement) return '';
  const sqlText = statement.sql.replace(/\s+/g, ' ').slice(0, 160);
  if (!isRead(statement)) return `${format(statement.ms)}: ${sqlText}`;
  const nodes = await explain(db, statement);
  const scans = nodes.filter((n) => n.table !== null).map((n) => n.text);
  return `${format(statement.ms)}: ${sqlText}\n      plan: ${scans.join('; ')}`;
}

async function main() {
  const server = DATABASES.includes('postgres') ? await startTestPostgres() : null;
  try {
    for (const kind of DATABASES) {
      const [small, big] = SIZES[kind] as [number, number];
      const results: Map<string, Timing>[] = [];
      const plans: string[] = [];
      for (const members of [small, big]) {
        const { db, club, dispose } = await openClub(kind, members, server);
        try {
          const timings = await measure(db, club);
          results.push(timings);
          // Each size as soon as it is measured: a big run takes long, and the table comes only at the end.
          for (const [name, timing] of timings) console.log(`  ${kind}, ${members}: ${name} ${format(timing.ms)}`);
          if (members === big) {
            for (const [name, timing] of timings) {
              const ratio = timing.ms / (results[0]?.get(name)?.ms ?? timing.ms);
              if (timing.ms > SLOW_MS || ratio > 2) plans.push(`- ${name}: ${await planLine(db, timing.slowest)}`);
            }
          }
        } finally {
          await dispose();
        }
      }
      console.log(`\n${kind}: ${small} e ${big} membros, mediana de ${RUNS} pedidos (o job: uma vez)\n`);
      console.log('| operation | small | big | × |');
      console.log('|---|---|---|---|');
      for (const name of [...HOT_OPERATIONS.map((op) => op.name), JOB]) {
        const a = results[0]!.get(name)!.ms;
        const b = results[1]!.get(name)!.ms;
        console.log(`| ${name} | ${format(a)} | ${format(b)} | ${(b / a).toFixed(1)} |`);
      }
      console.log(`\nslow at ${big} (slowest statement, its plan):\n${plans.join('\n') || '(none)'}`);
    }
  } finally {
    await server?.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
