import '../test/esm-shims';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../app';
import type { Database } from '../db/schema';
import { freePort } from '../test/free-port';
import { testConfig } from '../test/helpers';
import { clubCommand, clubCommandAsync } from '../test/club-command';
import { removeDataDir, seededDataDir } from '../test/seeded-data-dir';
import { JPEG, newKey } from '../modules/invoices/test/upload-helpers';
import { localMediaSource } from '../modules/whatsapp/local-media';
import { until } from '../test/production-sends';

/**
 * `npm run whatsapp`, the embedded stand-in for Meta, against a club API the test runs on a real port: the command
 * signs with the secret generated in DATA_DIR, as the server's own settings read it.
 */

let dataDir: string;
let db: Kysely<Database>;
let app: FastifyInstance;
let server: string;

const conversa = clubCommand('whatsapp', () => dataDir);
const enviar = clubCommandAsync(
  'whatsapp',
  () => dataDir,
  () => ({}),
);

async function startServer(appSecret: string) {
  const port = await freePort();
  server = `http://127.0.0.1:${port}`;
  app = buildApp({
    db,
    config: testConfig({ dataDir, whatsapp: { appSecret, verifyToken: undefined, graph: undefined, noticeTemplate: undefined } }),
    queryCache: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
}

beforeAll(async () => {
  ({ dataDir, db } = await seededDataDir('clube-whatsapp-'));
});
afterAll(() => removeDataDir(dataDir, db));
afterEach(() => app.close());

describe('npm run whatsapp', () => {
  it('sends a signed message as the member’s celular, prints the club’s answer, and shows the conversation', async () => {
    const secret = randomBytes(32);
    writeFileSync(path.join(dataDir, 'whatsapp-app-secret'), secret);
    await startServer(secret.toString('hex'));
    const sent = await enviar('enviar', '--de', '(11) 98765-4321', '--texto', 'saldo', '--servidor', server);
    expect(sent.stderr).toBe('');
    expect(sent.status).toBe(0);
    expect(sent.stdout).toContain('Mensagem entregue ao clube como 5511987654321.');
    expect(sent.stdout).toMatch(/clube: Seu saldo: [\d.]+ pontos\./);

    const shown = conversa('conversa', '--com', '(11) 8765-4321');
    expect(shown.status).toBe(0);
    // São Paulo time with its offset, as the painel reads it.
    expect(shown.stdout).toMatch(
      /\d{4}-\d\d-\d\d \d\d:\d\d -03:00 {2}membro: saldo\n.* {2}clube \[local\]: Seu saldo: /,
    );
  }, 60_000);

  it('sends a nota’s photo with its key as the caption, the file kept where the embedded channel reads it', async () => {
    const secret = randomBytes(32);
    writeFileSync(path.join(dataDir, 'whatsapp-app-secret'), secret);
    await startServer(secret.toString('hex'));
    const photo = path.join(dataDir, 'nota.jpg');
    writeFileSync(photo, JPEG);
    const key = newKey();
    const sent = await enviar(
      'enviar',
      '--de',
      '(11) 98765-4321',
      '--arquivo',
      photo,
      '--legenda',
      key,
      '--servidor',
      server,
      '--espera',
      '0',
    );
    expect(sent.stderr).toBe('');
    expect(sent.status).toBe(0);
    // The club works the delivery by itself (its raw body is blanked once worked) and keeps the message: wait for it.
    const inbound = () =>
      db
        .selectFrom('whatsapp_messages')
        .select(['wa_id', 'kind', 'body', 'media_id'])
        .where('direction', '=', 'in')
        .where('kind', '=', 'image')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    await until(async () => (await inbound()) !== undefined, 20_000, 'a foto recebida pelo clube');
    const message = await inbound();
    expect(message).toMatchObject({ wa_id: '5511987654321', kind: 'image', body: key });
    // The photo came whole: the club read it by the message's media id, where the embedded channel keeps it.
    const kept = await localMediaSource(dataDir).media(message!.media_id!);
    expect(kept.bytes.equals(JPEG)).toBe(true);

    const missing = conversa('enviar', '--de', '(11) 98765-4321', '--arquivo', path.join(dataDir, 'nada.jpg'));
    expect(missing.stderr).toContain('--arquivo: não encontrei o arquivo');
  }, 60_000);

  it('is refused by a server with another secret, and says so', async () => {
    await startServer('outro-segredo-que-nao-e-o-do-data-dir');
    const sent = await enviar(
      'enviar',
      '--de',
      '(11) 98765-4321',
      '--texto',
      'saldo',
      '--servidor',
      server,
      '--espera',
      '0',
    );
    expect(sent.status).toBe(1);
    expect(sent.stderr).toContain('O servidor recusou a assinatura');
    expect(conversa('enviar', '--de', '123', '--texto', 'oi').stderr).toContain('--de: o celular com DDD');
  }, 60_000);
});
