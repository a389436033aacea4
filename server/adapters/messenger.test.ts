import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpSmsSender } from './messenger';
import { OutboundRefusedError } from './outbound';

/** The HTTP SMS gateway through the outbound guard, against a gateway the test runs on this machine. */

let server: Server;
let origin: string;
const received: { authorization: string | undefined; body: unknown }[] = [];

beforeEach(async () => {
  received.length = 0;
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(raw) as unknown });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('sends to a gateway on the operator’s own network only when its origin is listed', async () => {
  const settings = { url: `${origin}/sms`, token: 'token-do-gateway' };
  const listed = httpSmsSender(settings, { privateOrigins: [origin] });
  await listed('11912345678', 'Seu código: 123456');
  expect(received).toEqual([
    { authorization: 'Bearer token-do-gateway', body: { to: '+5511912345678', text: 'Seu código: 123456' } },
  ]);

  const unlisted = httpSmsSender(settings, { privateOrigins: [] });
  await expect(unlisted('11912345678', 'Seu código: 654321')).rejects.toBeInstanceOf(OutboundRefusedError);
  expect(received).toHaveLength(1);
});
