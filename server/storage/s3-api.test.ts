import '../test/esm-shims';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '../seed';
import { HTML, JPEG, newKey, nfeXml, PDF, submit } from '../modules/invoices/test/upload-helpers';
import { createTestApp, fakeClock, loginAs, type TestApp } from '../test/helpers';
import { TINY_JPEG } from '../test/images';
import { multipart } from '../test/multipart';
import { readAll, type FileStorage } from './file-storage';
import { S3Storage } from './s3';
import { localS3Available, startLocalS3, type LocalS3 } from './test/local-s3';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PHOTO = `mutation ($file: Upload) { updateProfileImage(file: $file) { profileImage } }`;

async function keysOf(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list(prefix)) keys.push(key);
  return keys.sort();
}

(localS3Available ? describe : describe.skip)('an API whose S3_BUCKET is set', () => {
  let s3: LocalS3;
  let t: TestApp;
  let dataDir: string;
  /** The bucket as an operator would browse it: the club's prefix included. */
  let bucket: S3Storage;

  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3.close());
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clube-s3-api-'));
    const settings = s3.settings(`clube-${Date.now()}`);
    t = await createTestApp({ dataDir, s3: settings, now: fakeClock(Date.parse('2026-11-22T12:00:00Z')).now });
    bucket = new S3Storage({ ...settings, prefix: '' });
  });
  afterEach(async () => {
    await t.close();
    await bucket.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const prefix = () => t.config.s3!.prefix;

  it('keeps an invoice file in the bucket and serves it back through the signed link', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const res = await submit(t.app, token, { accessKey: newKey() }, [{ name: 'nota.pdf', content: PDF }]);
    expect(res.errors).toBeUndefined();
    const file = res.data!.submitInvoice.files[0]!;

    const keys = await keysOf(bucket, `${prefix()}/`);
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^${prefix()}/2026/11/[0-9a-f-]{36}\\.pdf$`))]);
    const stored = await bucket.get(keys[0]!);
    expect((await readAll(stored!.body)).equals(PDF)).toBe(true);
    expect(stored!.contentType).toBe('application/pdf');

    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-length']).toBe(String(PDF.length));
    expect(served.rawPayload.equals(PDF)).toBe(true);

    // Nothing was written beside the database: the files live only in the bucket.
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    // The signature is still checked: another file id, or a tampered link, is refused.
    const forged = file.url.replace(/s=[^&]+/, 's=assinatura-falsa');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('reads the NF-e XML back from the bucket to review the invoice', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const key = newKey();
    const xml = nfeXml(key, DEMO_MEMBER.cpf, '2026-11-20T10:00:00-03:00', '250.00');
    const res = await submit(t.app, token, {}, [
      { name: 'nfe.xml', content: xml },
      { name: 'foto.jpg', content: JPEG },
    ]);
    expect(res.errors).toBeUndefined();
    expect(res.data?.submitInvoice).toMatchObject({ accessKey: key, status: 'APPROVED', totalCents: 25000 });
    expect(await keysOf(bucket, `${prefix()}/`)).toHaveLength(2);
  });

  it('leaves nothing in the bucket for a refused file', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const res = await submit(t.app, token, { accessKey: newKey() }, [
      { name: 'nota.pdf', content: PDF },
      { name: 'falso.pdf', content: HTML },
    ]);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await keysOf(bucket, `${prefix()}/`)).toEqual([]);
  });

  it('keeps a profile photo in the bucket, serves it, and removes it when replaced', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const send = async (name: string, content: Buffer) => {
      const body = multipart(PHOTO, { file: null }, ['variables.file'], [{ name, content, type: 'image/png' }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': body.contentType, 'apollo-require-preflight': 'true', ...auth(token) },
        payload: body.payload,
      });
      return res.json<{ data: { updateProfileImage: { profileImage: string } } }>().data.updateProfileImage
        .profileImage;
    };

    const url = await send('eu.png', PNG);
    const name = path.basename(url);
    expect(await keysOf(bucket, `${prefix()}/`)).toEqual([`${prefix()}/profile/${name}`]);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const nextUrl = await send('nova.jpg', TINY_JPEG);
    expect(await keysOf(bucket, `${prefix()}/`)).toEqual([`${prefix()}/profile/${path.basename(nextUrl)}`]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: nextUrl })).rawPayload.equals(TINY_JPEG)).toBe(true);
  });
});
