import '../test/esm-shims';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { createDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { startProductionStack, type ProductionStack } from '../hosting/test/production-stack';
import { readAll, type FileStorage } from '../storage/file-storage';
import { S3Storage } from '../storage/s3';
import { COMPILED_SERVER_ENV } from '../test/club-command';
import { compiledRuntime, membersSigningIn, sendingStream, until } from '../test/production-sends';

const run = promisify(execFile);

/**
 * `npm run db -- backup` and `restore` on the production shape: the demo club on PostgreSQL with its files in S3,
 * backed up while members keep sending invoices through nginx, then restored into a new database and an empty
 * folder of the bucket. Every row and file acknowledged before the backup began is in the restore, as it was.
 */
let stack: ProductionStack | undefined;
let root: string;
let tokens: string[];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'clube-backup-pg-'));
  stack = await startProductionStack({
    apiProcesses: 1,
    root,
    // The demo club: Ana's year of invoices, projects and rewards, with their files in the bucket.
    env: { HUMAN_VERIFICATION: 'false', DEMO_DATA: 'true' },
    ...compiledRuntime(),
    log: () => undefined,
  });
  tokens = await membersSigningIn(stack.databaseUrl, stack.url, 6);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** `npm run db -- …` as a process, the compiled command when the API project's global setup made it. */
async function dbCommand(env: Record<string, string>, ...args: string[]): Promise<{ stdout: string; ms: number }> {
  const compiled = process.env[COMPILED_SERVER_ENV];
  const entry = compiled ? [path.join(compiled, 'server', 'cli', 'db.js')] : ['--import', 'tsx', 'server/cli/db.ts'];
  const started = Date.now();
  const { stdout } = await run(process.execPath, [...entry, ...args], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, JWT_SECRET: stack!.jwtSecret, DATA_DIR: root, ...env },
  });
  return { stdout, ms: Date.now() - started };
}

/** The S3Storage of a folder of the stack's bucket, from the same S3_* settings the processes read. */
function bucketFolder(prefix: string): FileStorage {
  const env = stack!.storageEnv(prefix);
  return new S3Storage({
    bucket: env['S3_BUCKET']!,
    region: env['S3_REGION']!,
    prefix: env['S3_PREFIX']!,
    endpoint: env['S3_ENDPOINT'],
    credentials: { accessKeyId: env['S3_ACCESS_KEY_ID']!, secretAccessKey: env['S3_SECRET_ACCESS_KEY']! },
  });
}

async function digests(storage: FileStorage): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const { key } of storage.list('')) {
    const stored = await storage.get(key);
    found.set(
      key,
      createHash('sha256')
        .update(await readAll(stored!.body))
        .digest('hex'),
    );
  }
  return found;
}

const rowsOf = async (db: Db, table: string) =>
  new Map(
    (await sql<{ id: number }>`select * from ${sql.table(table)}`.execute(db)).rows.map((row) => [
      row.id,
      JSON.stringify(row),
    ]),
  );

describe('npm run db -- backup / restore on PostgreSQL and S3', () => {
  it('backs up the demo club during a stream of sends, and restores every acknowledged row and file', async () => {
    const { sends, stop } = sendingStream(stack!.url, tokens, 600, 25);
    await until(() => sends.filter((send) => send.id !== undefined).length >= 10, 60_000, 'os primeiros envios');
    const live = bucketFolder('producao');
    const filesBefore = await digests(live);
    const backupStarted = Date.now();
    const acknowledgedBefore = sends.filter((send) => send.id !== undefined);
    const folder = path.join(root, 'backup');
    const backup = await dbCommand(
      { DATABASE_URL: stack!.databaseUrl, ...stack!.storageEnv('producao') },
      'backup',
      folder,
    );
    const sentDuringBackup = sends.filter((send) => send.at > backupStarted).length;
    await stop();
    expect(sends.filter((send) => send.id === undefined).map((send) => send.problem)).toEqual([]);
    expect(backup.stdout).toMatch(/^Backup pronto em .+: banco e \d+ arquivo\(s\)/);
    const manifest = JSON.parse(readFileSync(path.join(folder, 'backup.json'), 'utf8')) as {
      kind: string;
      objects: { key: string; size: number; sha256: string }[];
    };
    expect(manifest.kind).toBe('postgres');

    const restoredUrl = await stack!.newDatabase('restaurado');
    const restoreEnv = { DATABASE_URL: restoredUrl, ...stack!.storageEnv('restaurado') };
    const restore = await dbCommand(restoreEnv, 'restore', folder);
    expect(restore.stdout).toMatch(/^Clube restaurado em postgres:\/\/.+ banco e \d+ arquivo\(s\)/);

    const original = createDatabase({ kind: 'postgres', url: stack!.databaseUrl });
    const restored = createDatabase({ kind: 'postgres', url: restoredUrl });
    const restoredFolder = bucketFolder('restaurado');
    try {
      // Every send acknowledged before the backup began, with its file, as the club had it.
      const [invoicesThen, invoicesRestored] = [await rowsOf(original, 'invoices'), await rowsOf(restored, 'invoices')];
      const [filesThen, filesRestored] = [
        await rowsOf(original, 'invoice_files'),
        await rowsOf(restored, 'invoice_files'),
      ];
      for (const send of acknowledgedBefore) {
        expect(invoicesRestored.get(Number(send.id))).toBe(invoicesThen.get(Number(send.id)));
      }
      for (const [id, row] of filesRestored) expect(row).toBe(filesThen.get(id));
      // No invoice the club never had. A send answered during the backup may be in it or not, and as it was at the
      // dump's instant (received, before its automatic review), so only its existence is compared.
      expect([...invoicesRestored.keys()].filter((id) => !invoicesThen.has(id))).toEqual([]);
      const users = await rowsOf(restored, 'users');
      expect([...users.values()].some((row) => row.includes('marceneiro@exemplo.com.br'))).toBe(true);

      // Every file stored before the backup began, byte for byte, and nothing the backup did not have.
      const restoredFiles = await digests(restoredFolder);
      for (const [key, digest] of filesBefore) expect({ key, digest: restoredFiles.get(key) }).toEqual({ key, digest });
      expect(restoredFiles.size).toBe(manifest.objects.length);
      for (const object of manifest.objects) expect(restoredFiles.get(object.key)).toBe(object.sha256);
      // Every file a restored row names is in the restored folder.
      for (const row of filesRestored.values()) {
        const key = (JSON.parse(row) as { storage_path: string }).storage_path;
        expect({ key, present: restoredFiles.has(key) }).toEqual({ key, present: true });
      }
    } finally {
      await Promise.all([original.destroy(), restored.destroy(), live.close(), restoredFolder.close()]);
    }

    // Never over a club: the restored database is not empty any more.
    await expect(dbCommand(restoreEnv, 'restore', folder)).rejects.toMatchObject({
      stderr: expect.stringContaining('não está vazio'),
    });
    console.info(
      `Backup do clube de demonstração em PostgreSQL: ${manifest.objects.length} arquivo(s), ` +
        `${acknowledgedBefore.length} envios confirmados antes e ${sentDuringBackup} durante; backup em ${backup.ms} ms, ` +
        `restauração em ${restore.ms} ms (processos compilados, incluindo a partida do Node).`,
    );
  }, 180_000);
});
