import '../../test/esm-shims';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpWhatsappGraph, WHATSAPP_MEDIA_MAX_BYTES, WhatsappMediaRefused } from '../../adapters/whatsapp-graph';
import type { WhatsappGraphSettings } from '../../config';
import { createTestApp, WHATSAPP_TEST_SECRET, type TestApp } from '../../test/helpers';
import { channelActor, sendOutbox, workInbox } from '.';
import { standing } from './inbox';
import { channelDepsOf, PHONE_NUMBER_ID, postWebhook, statusOf, textFrom } from './test/meta';

/**
 * The Graph API client against a Graph stand-in the test runs on loopback (node:http), through the outbound guard:
 * Meta's message body and bearer token, its answers, its errors and its 429s.
 */

const TOKEN = 'token-de-acesso-do-numero-de-teste';
const ANA_WA = '5511987654321';
const START = Date.parse('2026-11-22T12:00:00.000Z');

interface GraphRequest {
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** Meta's Graph API as far as sending goes: answers are scripted one by one, then 200 with a new wamid. */
function graphStandIn() {
  const requests: GraphRequest[] = [];
  const script: { status: number; body: object; headers?: Record<string, string> }[] = [];
  let sent = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      requests.push({ url: req.url!, authorization: req.headers.authorization, body: JSON.parse(raw) });
      const next = script.shift() ?? {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: ANA_WA, wa_id: ANA_WA }],
          messages: [{ id: `wamid.enviada-${(sent += 1)}` }],
        },
      };
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(JSON.stringify(next.body));
    });
  });
  return { server, requests, script };
}

let graph: ReturnType<typeof graphStandIn>;
let settings: WhatsappGraphSettings;
let t: TestApp;

beforeEach(async () => {
  graph = graphStandIn();
  await new Promise<void>((resolve) => graph.server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(graph.server.address() as AddressInfo).port}`;
  settings = { url: `${origin}/v23.0`, accessToken: TOKEN, phoneNumberId: PHONE_NUMBER_ID };
  t = await createTestApp({
    now: () => START,
    whatsapp: {
      appSecret: WHATSAPP_TEST_SECRET,
      verifyToken: 'verificacao-de-teste',
      graph: settings,
      noticeTemplate: undefined,
    },
    // The stand-in runs on this machine, which the outbound guard reaches only for an origin listed so.
    outbound: { privateOrigins: [origin] },
  });
});
afterEach(async () => {
  await t.close();
  await new Promise((resolve) => graph.server.close(resolve));
});

const waits: number[] = [];
const client = () => httpWhatsappGraph(settings, t.config.outbound, { sleep: async (ms) => void waits.push(ms) });
const outbound = () =>
  t.db.selectFrom('whatsapp_messages').selectAll().where('direction', '=', 'out').orderBy('id').execute();

/**
 * The deps of a run some seconds on: the app's own clock stays put, so its scheduled send job (which would call the
 * stand-in too) never becomes due during a test.
 */
const later = (ms: number) => ({ db: t.db, config: { ...t.config, now: () => START + ms } });

async function memberWrites(text: string) {
  await postWebhook(t.app, textFrom(ANA_WA, text, START));
  await workInbox(channelDepsOf(t), channelActor);
}

it('sends the bot’s answer as Meta’s contract says, and the status callbacks find it under Meta’s wamid', async () => {
  await memberWrites('saldo');
  expect(await outbound()).toMatchObject([{ send_state: 'queued' }]);
  expect(await sendOutbox(t, channelActor, client())).toEqual({ sent: 1, retried: 0, failed: 0 });
  expect(graph.requests).toEqual([
    {
      url: `/v23.0/${PHONE_NUMBER_ID}/messages`,
      authorization: `Bearer ${TOKEN}`,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: ANA_WA,
        type: 'text',
        text: { preview_url: false, body: expect.stringMatching(/^Seu saldo: /) },
      },
    },
  ]);
  const [sent] = await outbound();
  expect(sent).toMatchObject({ wamid: 'wamid.enviada-1', send_state: 'sent', next_attempt_at: null });

  await postWebhook(t.app, statusOf('wamid.enviada-1', 'delivered', START));
  await postWebhook(t.app, statusOf('wamid.enviada-1', 'sent', START));
  await workInbox(channelDepsOf(t), channelActor);
  const statuses = await t.db
    .selectFrom('whatsapp_statuses')
    .select('status')
    .where('wamid', '=', sent!.wamid)
    .execute();
  expect(standing(statuses.map((s) => s.status))).toBe('delivered');
});

it('sends the menu as reply buttons', async () => {
  await memberWrites('ajuda');
  await sendOutbox(t, channelActor, client());
  expect(graph.requests[0]!.body).toMatchObject({
    type: 'interactive',
    interactive: {
      type: 'button',
      action: { buttons: [{ type: 'reply', reply: { id: 'saldo', title: 'Saldo' } }, {}, {}] },
    },
  });
});

it('sends an approved template with its body parameters, as the notices do after the 24 hours', async () => {
  await client().send(ANA_WA, {
    type: 'template',
    name: 'clube_aviso',
    language: 'pt_BR',
    parameters: ['Nota aprovada', '120 pontos'],
  });
  expect(graph.requests[0]!.body).toEqual({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: ANA_WA,
    type: 'template',
    template: {
      name: 'clube_aviso',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Nota aprovada' },
            { type: 'text', text: '120 pontos' },
          ],
        },
      ],
    },
  });
});

it('waits what a 429 asks and tries again in the same run; past its tries, the queue tries later', async () => {
  await memberWrites('saldo');
  const throttled = {
    status: 429,
    body: { error: { message: 'Rate limit hit', code: 130429 } },
    headers: { 'retry-after': '0.5' },
  };
  graph.script.push(throttled, throttled);
  waits.length = 0;
  expect(await sendOutbox(t, channelActor, client())).toEqual({ sent: 1, retried: 0, failed: 0 });
  expect(waits).toEqual([500, 500]);
  expect(graph.requests).toHaveLength(3);

  await memberWrites('notas');
  graph.script.push(throttled, throttled, throttled);
  expect(await sendOutbox(t, channelActor, client())).toEqual({ sent: 0, retried: 1, failed: 0 });
  expect((await outbound())[1]).toMatchObject({ send_state: 'queued', attempts: 1 });
  expect((await outbound())[1]!.last_error).toContain('429');
  expect(await sendOutbox(later(20_000), channelActor, client())).toEqual({ sent: 1, retried: 0, failed: 0 });
});

it('retries a Graph API that fails or cannot be reached, and gives up a message Meta refuses', async () => {
  await memberWrites('saldo');
  graph.script.push({ status: 500, body: { error: { message: 'Unknown error', code: 1 } } });
  expect(await sendOutbox(t, channelActor, client())).toEqual({ sent: 0, retried: 1, failed: 0 });

  graph.script.push({
    status: 400,
    body: { error: { message: 'Re-engagement message', code: 131047 } },
  });
  expect(await sendOutbox(later(20_000), channelActor, client())).toEqual({ sent: 0, retried: 0, failed: 1 });
  expect((await outbound())[0]).toMatchObject({ send_state: 'failed', next_attempt_at: null });
  expect((await outbound())[0]!.last_error).toContain('131047');

  await memberWrites('notas');
  const down = httpWhatsappGraph(
    { ...settings, url: 'http://127.0.0.1:1/v23.0' },
    { privateOrigins: ['http://127.0.0.1:1'] },
  );
  expect(await sendOutbox(t, channelActor, down)).toEqual({ sent: 0, retried: 1, failed: 0 });
});

describe('a member’s file from Meta', () => {
  const PHOTO = Buffer.from('\xff\xd8\xff\xe0 foto da nota', 'latin1');
  const hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  let media: http.Server;
  let mediaOrigin: string;
  const seen: { url: string; authorization: string | undefined }[] = [];
  let record: Record<string, unknown>;
  let file: Buffer;

  beforeEach(async () => {
    seen.length = 0;
    file = PHOTO;
    media = http.createServer((req, res) => {
      seen.push({ url: req.url!, authorization: req.headers.authorization });
      if (req.url === '/v23.0/1234567890') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(record));
      } else if (req.url === '/arquivos/1234567890?hash=abc') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.end(file);
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Unsupported get request', code: 100 } }));
      }
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    mediaOrigin = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
    record = {
      messaging_product: 'whatsapp',
      url: `${mediaOrigin}/arquivos/1234567890?hash=abc`,
      mime_type: 'image/jpeg',
      sha256: hex(PHOTO),
      file_size: String(PHOTO.length),
      id: '1234567890',
    };
  });
  afterEach(() => new Promise((resolve) => media.close(resolve)));

  const mediaClient = () =>
    httpWhatsappGraph(
      { ...settings, url: `${mediaOrigin}/v23.0` },
      { ...t.config.outbound, privateOrigins: [mediaOrigin] },
    );
  const refusal = (id = '1234567890') =>
    mediaClient()
      .media(id)
      .then(
        () => null,
        (error: unknown) => (error instanceof WhatsappMediaRefused ? error.problem : error),
      );

  it('is the media record’s URL downloaded with the number’s token, and its SHA-256 checked', async () => {
    const got = await mediaClient().media('1234567890');
    expect(got.bytes.equals(PHOTO)).toBe(true);
    expect(got.mimeType).toBe('image/jpeg');
    expect(seen).toEqual([
      { url: '/v23.0/1234567890', authorization: `Bearer ${TOKEN}` },
      { url: '/arquivos/1234567890?hash=abc', authorization: `Bearer ${TOKEN}` },
    ]);
  });

  it('is refused when it is gone, altered on the way, or over 10 MB by its record or by its bytes', async () => {
    expect(await refusal('999')).toBe('missing');
    file = Buffer.concat([PHOTO, Buffer.from('!')]);
    expect(await refusal()).toBe('altered');
    record = { ...record, file_size: String(WHATSAPP_MEDIA_MAX_BYTES + 1) };
    seen.length = 0;
    expect(await refusal()).toBe('too-big');
    expect(seen.map((request) => request.url)).toEqual(['/v23.0/1234567890']);
    record = { ...record, file_size: '100', sha256: undefined };
    file = Buffer.alloc(WHATSAPP_MEDIA_MAX_BYTES + 1, 1);
    expect(await refusal()).toBe('too-big');
  });
});
