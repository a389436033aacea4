import '../test/esm-shims';
import { createHash, randomBytes } from 'node:crypto';
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

/** The part of Meta's webhook body this test reads back. */
interface MetaBody {
  entry: { changes: { value: { messages: { image?: { id: string; sha256: string } }[] } }[] }[];
}

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
    const delivery = await db.selectFrom('whatsapp_deliveries').select('body').orderBy('id', 'desc').executeTakeFirst();
    const message = (JSON.parse(delivery!.body) as MetaBody).entry[0]!.changes[0]!.value.messages[0]!;
    expect(message).toMatchObject({
      from: '5511987654321',
      type: 'image',
      image: { mime_type: 'image/jpeg', caption: key },
    });
    const kept = await localMediaSource(dataDir).media(message.image!.id);
    expect(kept.bytes.equals(JPEG)).toBe(true);
    expect(message.image!.sha256).toBe(createHash('sha256').update(JPEG).digest('hex'));

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
