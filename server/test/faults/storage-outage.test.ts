import '../esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UNAVAILABLE_MESSAGE } from '../../errors/unavailable';
import { JPEG, newKey, submit } from '../../modules/invoices/test/upload-helpers';
import { DEMO_MEMBER } from '../../seed';
import { startLocalS3, type LocalS3 } from '../../storage/test/local-s3';
import { createTestApp, loginAs, type TestApp } from '../helpers';

/**
 * The S3-compatible storage (s3rver) stopped while members send invoices: a clear pt-BR "tente de novo", no invoice
 * row without its file, and sending works again once the storage is back.
 */
let s3: LocalS3;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-s3-queda-'));
  t = await createTestApp({ dataDir, s3: s3.settings(), loginAttemptsPerIp: 10_000 });
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const photo = (n: number) => [{ name: `nota-${n}.jpg`, content: Buffer.concat([JPEG, Buffer.from([n])]) }];
const invoiceCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the file storage down during sends', () => {
  it('tells the member to try again, keeps no row without its file, and takes the send once it is back', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect((await submit(t.app, token, { accessKey: newKey() }, photo(1))).errors).toBeUndefined();
    const before = await invoiceCount();

    const key = newKey();
    await s3.restart(async () => {
      const down = await submit(t.app, token, { accessKey: key }, photo(2));
      expect(down.statusCode).toBe(503);
      expect(down.errors?.[0]).toMatchObject({
        message: UNAVAILABLE_MESSAGE,
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
      expect(await invoiceCount()).toBe(before);
    });

    // The same invoice, sent again once the storage answers, is taken with its file.
    const again = await submit(t.app, token, { accessKey: key }, photo(2));
    expect(again.errors).toBeUndefined();
    expect(await invoiceCount()).toBe(before + 1);
    const file = again.data!.submitInvoice.files[0]!;
    const served = await t.app.inject({ method: 'GET', url: file.url, headers: { authorization: `Bearer ${token}` } });
    expect(served.statusCode).toBe(200);
  });
});
