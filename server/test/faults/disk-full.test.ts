import '../esm-shims';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import type { Db } from '../../db/schema';
import { DISK_FULL_MESSAGE } from '../../errors/unavailable';
import { JPEG, newKey, submit } from '../../modules/invoices/test/upload-helpers';
import { DEMO_MEMBER, seedDemoData } from '../../seed';
import { uploadsDirOf } from '../../storage/local-disk';
import { loginAs, testConfig } from '../helpers';

/**
 * The disk under DATA_DIR full on the embedded default (a small tmpfs the test mounts: that needs root, which the
 * test runner and CI are; elsewhere the case cannot be staged and says so): a clear message, no half-written file
 * or row, and the club works again once space is freed.
 */
const isRoot = process.getuid?.() === 0;
let mountPoint: string;
let db: Db | undefined;
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  await db?.destroy();
  if (mountPoint) {
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  }
});

/** Every file under the members' files folder, the storage's tmp/ included; none before the first upload. */
const filesBelow = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];

(isRoot ? describe : describe.skip)('DATA_DIR out of space (needs root to mount a tmpfs)', () => {
  it('refuses a send with a clear message, leaves no part of it, and takes it once space is freed', async () => {
    mountPoint = mkdtempSync(path.join(tmpdir(), 'clube-disco-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mountPoint]);
    const dataDir = path.join(mountPoint, 'data');
    mkdirSync(dataDir);
    const config = testConfig({ dataDir, database: { kind: 'sqlite', file: path.join(dataDir, 'club.sqlite') } });
    db = createDatabase(config.database);
    await migrateToLatest(db);
    await seedDemoData(db);
    app = buildApp({ db, config, queryCache: false });
    await app.ready();
    const { token } = await loginAs(app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const photo = [{ name: 'nota.jpg', content: Buffer.concat([JPEG, Buffer.alloc(400_000, 7)]) }];

    // Fill the disk but for a little room: less than the photo.
    const { bavail, bsize } = statfsSync(mountPoint);
    const filler = path.join(mountPoint, 'enchimento');
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 100_000)));
    const invoicesBefore = await db.selectFrom('invoices').select('id').execute();
    const filesBefore = filesBelow(uploadsDirOf(dataDir));

    const key = newKey();
    const full = await submit(app, token, { accessKey: key }, photo);
    expect(full.statusCode).toBe(503);
    expect(full.errors?.[0]).toMatchObject({ message: DISK_FULL_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } });
    expect(await db.selectFrom('invoices').select('id').execute()).toEqual(invoicesBefore);
    expect(filesBelow(uploadsDirOf(dataDir))).toEqual(filesBefore);

    rmSync(filler);
    const again = await submit(app, token, { accessKey: key }, photo);
    expect(again.errors).toBeUndefined();
    expect(again.data?.submitInvoice.files).toHaveLength(1);
  });
});
