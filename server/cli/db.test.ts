import '../test/esm-shims';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../db/database';
import { tablesInDependencyOrder } from '../db/copy';
import { migrateToLatest } from '../db/migrate';
import { startTestPostgres, type TestPostgres } from '../db/postgres/test-server';
import type { Database } from '../db/schema';
import { DEMO_MEMBER, seedDemoData } from '../seed';
import { createFileStorage } from '../storage/from-config';
import { testConfig } from '../test/helpers';
import { POSTGRES_URL_ENV } from '../test/test-database';

const ROOT = path.resolve(__dirname, '..', '..');
let dataDir: string;
let source: Kysely<Database>;
let ownServer: TestPostgres | undefined;
let serverUrl: string;

const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).href;

async function emptyPostgresDatabase(): Promise<string> {
  const name = `copy_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return withDatabase(serverUrl, name);
}

function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

const copy = (to: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/db.ts', 'copy', '--to', to], {
    cwd: ROOT,
    env: { ...withoutDatabaseUrl(), DATA_DIR: dataDir },
    encoding: 'utf8',
  });

/** Every row of a table, ordered by all its columns, with byte columns as hex so both drivers compare alike. */
async function rowsOf(db: Kysely<Database>, table: string): Promise<unknown[]> {
  const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows;
  const plain = rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString('hex') : v])),
  );
  return plain.map((r) => JSON.stringify(r)).sort();
}

beforeAll(async () => {
  const fromSuite = process.env[POSTGRES_URL_ENV];
  if (fromSuite) serverUrl = fromSuite;
  else {
    ownServer = await startTestPostgres();
    serverUrl = ownServer.url;
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-copia-'));
  source = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'club.sqlite') });
  await migrateToLatest(source);
  // The demo member with a year of invoices, files and ledger entries: every module's tables hold rows.
  const config = testConfig({ dataDir });
  await seedDemoData(source, { history: { config, storage: createFileStorage(config) } });
  // A device session of the receiver, so its table is copied with a row too.
  const at = new Date().toISOString();
  await source
    .insertInto('device_sessions')
    .values({
      id: 'a'.repeat(32),
      device_hash: 'b'.repeat(64),
      device: 'Chrome 131 · Android',
      automation: 1,
      first_seen_at: at,
      last_seen_at: at,
    })
    .execute();
}, 60_000);

afterAll(async () => {
  await source.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  await ownServer?.stop();
});

describe('npm run db -- copy --to postgres://…', () => {
  it('moves a SQLite club to an empty PostgreSQL with every row of every table, and new rows get new ids', async () => {
    const url = await emptyPostgresDatabase();
    const result = copy(url);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Clube copiado para');

    const target = createDatabase({ kind: 'postgres', url });
    try {
      const tables = await tablesInDependencyOrder(source);
      expect(tables).toEqual(
        expect.arrayContaining(['users', 'invoices', 'points_ledger', 'content_entries', 'device_sessions']),
      );
      expect(await tablesInDependencyOrder(target)).toEqual(expect.arrayContaining(tables));
      for (const table of tables) {
        const expected = await rowsOf(source, table);
        expect({ table, rows: await rowsOf(target, table) }).toEqual({ table, rows: expected });
      }
      const ledger = await target.selectFrom('points_ledger').select('id').execute();
      expect(ledger.length).toBeGreaterThan(3);

      // The id sequences continue after the copied rows.
      const before = await target
        .selectFrom('careers')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      const added = await target
        .insertInto('careers')
        .values({ name: 'Marceneiro de teste', wood_work_related: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(added.id).toBeGreaterThan(Number(before?.max));
      // The ledger stays append-only on the new server.
      await expect(sql`DELETE FROM points_ledger`.execute(target)).rejects.toThrow('points_ledger is append-only');
    } finally {
      await target.destroy();
    }
  }, 60_000);

  it('refuses a target that already has members, and says how to use it', async () => {
    const url = await emptyPostgresDatabase();
    expect(copy(url).status).toBe(0);
    const again = copy(url);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('O banco de destino já tem participantes');
    expect(again.stderr).not.toContain(DEMO_MEMBER.cpf);

    const usage = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/db.ts', 'copy'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('npm run db -- copy --to postgres://');
  }, 60_000);
});
