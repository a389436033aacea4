import '../../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCESS_KEY_MESSAGES } from '../../../common/validation/access-key';
import { DEMO_MEMBER } from '../../seed';
import { createFileStorage } from '../../storage/from-config';
import type { FileStorage } from '../../storage/file-storage';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { nfeTrustStoreOf, unlimitedUploads } from '../invoices';
import { HTML, JPEG, newKey, nfeXml } from '../invoices/test/upload-helpers';
import { channelActor, takeMedia, workInbox } from '.';
import { keepLocalMedia, localMediaSource } from './local-media';
import { GROUP_WINDOW_MS, MEDIA_REPLIES, type MediaDeps } from './media-invoices';
import { messageWebhook } from './stand-in';
import { channelDepsOf, nextWamid, postWebhook, textFrom } from './test/meta';

/**
 * A nota sent to the club's number: photos (grouped), a PDF or the NF-e XML become one invoice through the app's own
 * path, answered once; what cannot be one is answered in pt-BR. Runs on SQLite and on PostgreSQL.
 */

const ANA = '5511987654321';
const ISSUED = '2026-11-20T10:00:00-03:00';
const clock = fakeClock(Date.parse('2026-11-22T12:00:00.000Z'));
let t: TestApp;
let dataDir: string;
let storage: FileStorage;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-whatsapp-media-'));
  t = await createTestApp({ now: () => clock.now(), dataDir });
  storage = createFileStorage(t.config);
});
afterEach(async () => {
  await t.close();
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mediaDeps = (): MediaDeps => ({
  ...channelDepsOf(t),
  storage,
  uploadLimiter: unlimitedUploads,
  nfeTrust: nfeTrustStoreOf(t.config),
});

/** Keeps a file as `npm run whatsapp -- enviar --arquivo` does, and posts its message as Meta would. */
async function sendFile(bytes: Buffer, kind: 'image' | 'document', extra: object = {}, id = nextWamid()) {
  const kept = await keepLocalMedia(dataDir, bytes);
  const media = { id: kept.id, sha256: kept.sha256, mime_type: kind === 'image' ? 'image/jpeg' : 'text/xml', ...extra };
  const body = messageWebhook(ANA, clock.now(), { type: kind, [kind]: media }, id);
  expect((await postWebhook(t.app, body)).statusCode).toBe(200);
  await workInbox(channelDepsOf(t), channelActor);
  return body;
}

async function say(text: string) {
  expect((await postWebhook(t.app, textFrom(ANA, text, clock.now()))).statusCode).toBe(200);
  await workInbox(channelDepsOf(t), channelActor);
}

const take = () => takeMedia(mediaDeps(), channelActor, localMediaSource(dataDir));

const replies = async () =>
  (
    await t.db
      .selectFrom('whatsapp_messages')
      .select('body')
      .where('direction', '=', 'out')
      .where('wa_id', '=', ANA)
      .orderBy('id')
      .execute()
  ).map((row) => row.body);

const invoices = () =>
  t.db.selectFrom('invoices').select(['id', 'access_key', 'channel', 'status', 'number']).orderBy('id').execute();

const filesOf = (invoiceId: number) =>
  t.db.selectFrom('invoice_files').select(['kind', 'original_name']).where('invoice_id', '=', invoiceId).execute();

/** The key as printed on a DANFE: groups of four. */
const spaced = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');

describe('a nota sent to the number', () => {
  it('as a photo with its key in the caption becomes one invoice "enviada pelo WhatsApp", answered once', async () => {
    const key = newKey();
    const delivery = await sendFile(JPEG, 'image', { caption: `chave ${spaced(key)}` });
    expect(await replies()).toEqual([]);
    // Within the window more pages may come: nothing is made yet.
    expect((await take()).invoices).toBe(0);

    clock.advance(GROUP_WINDOW_MS);
    expect((await take()).invoices).toBe(1);
    const [invoice] = await invoices();
    expect(invoice).toMatchObject({ access_key: key, channel: 'whatsapp', status: 'in_review' });
    expect(await replies()).toEqual([MEDIA_REPLIES.inReview(invoice!.number)]);

    const ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const seen = await gql<{ invoice: { sentViaWhatsapp: boolean; files: { kind: string }[] } }>(
      t.app,
      'query ($id: ID!) { invoice(id: $id) { sentViaWhatsapp files { kind } } }',
      { id: String(invoice!.id) },
      { authorization: `Bearer ${ana}` },
    );
    expect(seen.data?.invoice).toEqual({ sentViaWhatsapp: true, files: [{ kind: 'jpeg' }] });

    // Meta delivers the same message again: nothing is done twice.
    expect((await postWebhook(t.app, delivery)).statusCode).toBe(200);
    expect((await workInbox(channelDepsOf(t), channelActor)).redelivered).toBe(1);
    clock.advance(GROUP_WINDOW_MS);
    expect((await take()).invoices).toBe(0);
    expect(await invoices()).toHaveLength(1);
    expect(await replies()).toHaveLength(1);
  });

  it('as two pages, then the key in a message after the bot asks: one invoice with both pages', async () => {
    await sendFile(JPEG, 'image');
    clock.advance(GROUP_WINDOW_MS / 2);
    await sendFile(Buffer.concat([JPEG, Buffer.from('segunda página')]), 'image');
    clock.advance(GROUP_WINDOW_MS / 2);
    // The second page restarted the wait.
    expect(await take()).toMatchObject({ invoices: 0, askedForKey: 0 });
    clock.advance(GROUP_WINDOW_MS / 2);
    expect(await take()).toMatchObject({ invoices: 0, askedForKey: 1 });
    expect(await replies()).toEqual([MEDIA_REPLIES.askKey]);

    const key = newKey();
    await say(key);
    expect(await take()).toMatchObject({ invoices: 1 });
    const [invoice] = await invoices();
    expect(invoice).toMatchObject({ access_key: key, channel: 'whatsapp' });
    expect(await filesOf(invoice!.id)).toHaveLength(2);
    expect((await replies()).at(-1)).toBe(MEDIA_REPLIES.inReview(invoice!.number));
  });

  it('as the signed NF-e XML is approved by itself, and the answer names the points', async () => {
    await sendFile(nfeXml(newKey(), DEMO_MEMBER.cpf, ISSUED, '250.90'), 'document', { filename: 'nota.xml' });
    clock.advance(GROUP_WINDOW_MS);
    expect((await take()).invoices).toBe(1);
    const [invoice] = await invoices();
    expect(invoice).toMatchObject({ status: 'approved', channel: 'whatsapp' });
    expect(await filesOf(invoice!.id)).toEqual([{ kind: 'xml', original_name: 'nota.xml' }]);
    expect(await replies()).toEqual([MEDIA_REPLIES.approved(invoice!.number, 250)]);
  });
});

describe('what cannot become an invoice', () => {
  it('is answered with the app’s own reason: a key already sent, a file that is not a nota, a wrong key', async () => {
    const key = newKey();
    await sendFile(JPEG, 'image', { caption: key });
    clock.advance(GROUP_WINDOW_MS);
    await take();
    const [first] = await invoices();

    await sendFile(JPEG, 'image', { caption: key });
    clock.advance(GROUP_WINDOW_MS);
    expect((await take()).refused).toBe(1);
    expect((await replies()).at(-1)).toMatch(/^Não consegui registrar a nota: Você já enviou esta nota fiscal em /);

    await sendFile(HTML, 'document', { caption: newKey(), filename: 'nota.html', mime_type: 'text/html' });
    clock.advance(GROUP_WINDOW_MS);
    expect((await take()).refused).toBe(1);
    expect((await replies()).at(-1)).toMatch(/^Não consegui registrar a nota: .*não é/);

    const wrong = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
    await sendFile(JPEG, 'image', { caption: wrong });
    clock.advance(GROUP_WINDOW_MS);
    expect((await take()).refused).toBe(1);
    expect((await replies()).at(-1)).toBe(MEDIA_REPLIES.refused(ACCESS_KEY_MESSAGES.checkDigit));
    expect((await invoices()).map((i) => i.id)).toEqual([first!.id]);
  });

  it('is answered when the file is gone, and a key alone asks for the file', async () => {
    const body = messageWebhook(ANA, clock.now(), {
      type: 'image',
      image: { id: 'a'.repeat(32), mime_type: 'image/jpeg', caption: newKey() },
    });
    await postWebhook(t.app, body);
    await workInbox(channelDepsOf(t), channelActor);
    clock.advance(GROUP_WINDOW_MS);
    expect((await take()).refused).toBe(1);
    expect(await replies()).toEqual([MEDIA_REPLIES.missing]);

    await say(spaced(newKey()));
    expect((await replies()).at(-1)).toBe(MEDIA_REPLIES.keyAlone);
    expect(await invoices()).toEqual([]);
  });

  it('from a member whose channel is off: the file is not taken', async () => {
    await t.db.updateTable('users').set({ chatbot_invoice_upload_enabled: 0 }).execute();
    await sendFile(JPEG, 'image', { caption: newKey() });
    clock.advance(GROUP_WINDOW_MS);
    expect((await take()).invoices).toBe(0);
    expect(await t.db.selectFrom('whatsapp_media').select('id').execute()).toEqual([]);
    expect((await replies())[0]).toMatch(/^Olá, Ana! O WhatsApp do Clube está desligado/);
  });
});
