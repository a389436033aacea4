import '../test/esm-shims';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { createDatabase } from '../db/database';
import { tablesInDependencyOrder } from '../db/copy';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/schema';
import { JPEG, newKey, submit } from '../modules/invoices/test/upload-helpers';
import { DEMO_MEMBER, seedDemoData } from '../seed';
import { uploadsDirOf } from '../storage/local-disk';
import { loginAs, testConfig } from '../test/helpers';
import { backupClub, restoreClub } from './backup';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'clube-backup-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every row of every table, keyed by table, each row as JSON. */
async function everyRow(db: Db): Promise<Map<string, Set<string>>> {
  const all = new Map<string, Set<string>>();
  for (const table of await tablesInDependencyOrder(db)) {
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows;
    all.set(table, new Set(rows.map((row) => JSON.stringify(row))));
  }
  return all;
}

describe('npm run db -- backup / restore (embedded default)', () => {
  it('copies a running club during a stream of sends; the restore holds every row and file acknowledged before', async () => {
    const dataDir = path.join(root, 'data');
    const config = testConfig({ dataDir, database: { kind: 'sqlite', file: path.join(dataDir, 'club.sqlite') } });
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'segredo-guardado-com-o-clube-0123456789');
    writeFileSync(path.join(dataDir, 'vapid-keys.json'), '{"publicKey":"chave-publica","privateKey":"chave-privada"}');
    const db = createDatabase(config.database);
    await migrateToLatest(db);
    await seedDemoData(db);
    const app = buildApp({ db, config, queryCache: false });
    await app.ready();
    try {
      const { token } = await loginAs(app, DEMO_MEMBER.email, DEMO_MEMBER.password);
      const send = (n: number) =>
        submit(app, token, { accessKey: newKey() }, [
          { name: `nota-${n}.jpg`, content: Buffer.concat([JPEG, Buffer.from([n])]) },
        ]);
      for (let n = 1; n <= 3; n += 1) expect((await send(n)).errors).toBeUndefined();

      // What the club acknowledged before the backup began: every row and every file's bytes.
      const acknowledged = await everyRow(db);
      const uploads = uploadsDirOf(dataDir);
      const files = (await db.selectFrom('invoice_files').select('storage_path').execute()).map((f) => f.storage_path);
      expect(files.length).toBeGreaterThanOrEqual(3);
      const bytes = new Map(files.map((f) => [f, readFileSync(path.join(uploads, f))]));

      // Members keep sending while the copy is made.
      const folder = path.join(root, 'backup');
      const stream = Promise.all([4, 5, 6, 7, 8].map((n) => send(n)));
      const report = await backupClub(db, config, folder);
      for (const answer of await stream) expect(answer.errors).toBeUndefined();
      expect(report.files).toBeGreaterThanOrEqual(3);

      const restoredDir = path.join(root, 'restored');
      await restoreClub(folder, testConfig({ dataDir: restoredDir }));
      const restored = createDatabase({ file: path.join(restoredDir, 'club.sqlite') });
      try {
        const rows = await everyRow(restored);
        for (const [table, before] of acknowledged) {
          const after = rows.get(table) ?? new Set();
          // Rows that change on their own (limit counters, job runs) aside, each acknowledged row is there as it was.
          if (['rate_limits', 'job_runs', 'used_challenges', 'points_balances'].includes(table)) continue;
          for (const row of before)
            expect({ table, row, present: after.has(row) }).toEqual({ table, row, present: true });
        }
        for (const [file, content] of bytes) {
          expect(readFileSync(path.join(uploadsDirOf(restoredDir), file)).equals(content)).toBe(true);
        }
        expect(readFileSync(path.join(restoredDir, 'jwt-secret'), 'utf8')).toBe(
          'segredo-guardado-com-o-clube-0123456789',
        );
        // The VAPID pair too: the browsers' subscriptions were made for its public key.
        expect(readFileSync(path.join(restoredDir, 'vapid-keys.json'), 'utf8')).toContain('chave-publica');
      } finally {
        await restored.destroy();
      }

      // Never over a club: the restored folder is not empty any more, and a folder without a backup is refused.
      await expect(restoreClub(folder, testConfig({ dataDir: restoredDir }))).rejects.toThrow('não está vazia');
      await expect(restoreClub(root, testConfig({ dataDir: path.join(root, 'outra') }))).rejects.toThrow(
        'não é uma pasta de backup',
      );
      await expect(backupClub(db, config, folder)).rejects.toThrow('não está vazia');
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
