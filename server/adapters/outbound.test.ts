import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { TEST_TLS_CERT, TEST_TLS_HOST, TEST_TLS_KEY } from '../test/tls';
import {
  OutboundNetworkError,
  OutboundRefusedError,
  outboundRequest,
  type OutboundLookup,
  type ResolvedAddress,
} from './outbound';
import { addressClass } from './outbound-address';

/**
 * The outbound guard against servers the test starts on 127.0.0.1, reached through names only the test's lookup
 * knows (.test names never resolve for real), so every connection that arrives proves it went where the guard said.
 */

interface Seen {
  method: string;
  url: string;
  host: string | undefined;
  servername: string | undefined;
  body: string;
}

interface TestServer {
  port: number;
  seen: Seen[];
  server: Server;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()).closeAllConnections())),
  );
});

async function start(
  tls: boolean,
  answer: RequestListener = (_req, res) => res.writeHead(201).end(),
): Promise<TestServer> {
  const seen: Seen[] = [];
  const listener: RequestListener = (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        host: req.headers.host,
        servername: (req.socket as TLSSocket).servername || undefined,
        body,
      });
      answer(req, res);
    });
  };
  const server = tls
    ? createHttpsServer({ cert: TEST_TLS_CERT, key: TEST_TLS_KEY }, listener)
    : createHttpServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, seen, server };
}

/** A resolver that answers from a table, counting its calls; a name not in it is not found. */
function lookupOf(table: Record<string, readonly (readonly ResolvedAddress[])[]>) {
  const calls: string[] = [];
  const lookup: OutboundLookup = async (hostname) => {
    const answers = table[hostname];
    calls.push(hostname);
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers[Math.min(calls.filter((h) => h === hostname).length, answers.length) - 1]!;
  };
  return { lookup, calls };
}

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('addresses', () => {
  // Each form is how a member could write an internal address in a URL; URL parsing turns the IPv4 ones into dotted
  // quads (127.0.0.1) before the guard sees them, and each is judged without asking any resolver.
  const LITERALS: [string, string][] = [
    ['https://169.254.169.254/latest/meta-data/', 'link-local, onde ficam os metadados da nuvem'],
    ['https://10.0.0.1/push', 'rede privada'],
    ['https://172.16.5.4/push', 'rede privada'],
    ['https://192.168.0.10/push', 'rede privada'],
    ['https://100.64.0.1/push', 'rede compartilhada de operadora (CGNAT)'],
    ['https://127.0.0.1/push', 'esta máquina'],
    ['https://2130706433/push', 'esta máquina'],
    ['https://0177.0.0.1/push', 'esta máquina'],
    ['https://017700000001/push', 'esta máquina'],
    ['https://0x7f.0.0.1/push', 'esta máquina'],
    ['https://0x7f000001/push', 'esta máquina'],
    ['https://127.1/push', 'esta máquina'],
    ['https://0.0.0.0/push', 'endereço não especificado'],
    ['https://0/push', 'endereço não especificado'],
    ['https://224.0.0.1/push', 'multicast'],
    ['https://255.255.255.255/push', 'broadcast'],
    ['https://240.0.0.1/push', 'faixa reservada'],
    ['https://192.0.2.1/push', 'faixa reservada'],
    ['https://[::1]/push', 'esta máquina'],
    ['https://[::]/push', 'endereço não especificado'],
    ['https://[::ffff:127.0.0.1]/push', 'esta máquina'],
    ['https://[::ffff:7f00:1]/push', 'esta máquina'],
    ['https://[::ffff:a9fe:a9fe]/push', 'link-local, onde ficam os metadados da nuvem'],
    ['https://[::127.0.0.1]/push', 'esta máquina'],
    ['https://[64:ff9b::a9fe:a9fe]/push', 'link-local, onde ficam os metadados da nuvem'],
    ['https://[2002:c0a8:1::1]/push', 'rede privada'],
    ['https://[fe80::1]/push', 'link-local, onde ficam os metadados da nuvem'],
    ['https://[fc00::1]/push', 'rede privada IPv6'],
    ['https://[fd12:3456::1]/push', 'rede privada IPv6'],
    ['https://[ff02::1]/push', 'multicast'],
    ['https://[2001:db8::1]/push', 'faixa reservada'],
  ];

  it.each(LITERALS)('refuses %s (%s) without resolving anything', async (url, label) => {
    const { lookup, calls } = lookupOf({});
    const error = await refusal(outboundRequest(url, { method: 'POST' }, { lookup }));
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect(error).toMatchObject({ reason: 'address', message: expect.stringContaining(`(${label})`) });
    expect(calls).toEqual([]);
  });

  it('judges public addresses public, right past the edges of the internal ranges', () => {
    for (const address of [
      '8.8.8.8',
      '11.0.0.1',
      '100.128.0.1',
      '169.255.0.1',
      '172.32.0.1',
      '192.169.0.1',
      '223.255.255.255',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect([address, addressClass(address)]).toEqual([address, 'public']);
    }
    expect(addressClass('exemplo.com.br')).toBeNull();
  });

  it('refuses a name whose lookup answers an internal address, the cloud metadata, or one internal among public ones', async () => {
    const target = await start(false);
    const { lookup } = lookupOf({
      'interno.exemplo.com.br': [[v4('127.0.0.1')]],
      'metadados.exemplo.com.br': [[v4('169.254.169.254')]],
      'misto.exemplo.com.br': [[v4('8.8.8.8'), v4('10.0.0.1')]],
      'mapeado.exemplo.com.br': [[v6('::ffff:127.0.0.1')]],
    });
    const messages: string[] = [];
    for (const host of ['interno', 'metadados', 'misto', 'mapeado']) {
      const error = await refusal(
        outboundRequest(`https://${host}.exemplo.com.br:${target.port}/push`, {}, { lookup }),
      );
      expect(error).toBeInstanceOf(OutboundRefusedError);
      messages.push((error as Error).message);
    }
    expect(messages).toEqual([
      'interno.exemplo.com.br leva a 127.0.0.1 (esta máquina): endereço recusado',
      'metadados.exemplo.com.br leva a 169.254.169.254 (link-local, onde ficam os metadados da nuvem): endereço recusado',
      'misto.exemplo.com.br leva a 10.0.0.1 (rede privada): endereço recusado',
      'mapeado.exemplo.com.br leva a ::ffff:127.0.0.1 (esta máquina): endereço recusado',
    ]);
    expect(target.seen).toEqual([]);
  });

  it('refuses http, credentials and what is not a URL before resolving anything', async () => {
    const listener = await start(false);
    const { lookup, calls } = lookupOf({});
    const cases: [string, string][] = [
      [`http://127.0.0.1:${listener.port}/interno/admin?acao=x`, 'scheme'],
      ['http://exemplo.com.br/push', 'scheme'],
      ['ftp://exemplo.com.br/push', 'scheme'],
      ['https://usuario:senha@exemplo.com.br/push', 'credentials'],
      ['não é um endereço', 'url'],
    ];
    for (const [url, reason] of cases) {
      expect([url, await refusal(outboundRequest(url, {}, { lookup }))]).toEqual([
        url,
        expect.objectContaining({ reason }),
      ]);
    }
    expect(calls).toEqual([]);
    expect(listener.seen).toEqual([]);
  });

  it('tells a name that does not resolve from a refusal: a network failure, to try again later', async () => {
    const { lookup } = lookupOf({});
    const error = await refusal(outboundRequest('https://sumiu.exemplo.com.br/push', {}, { lookup }));
    expect(error).toBeInstanceOf(OutboundNetworkError);
    expect((error as Error).message).toMatch(/^rede: sumiu\.exemplo\.com\.br não resolvido/);
  });
});

describe('the connection', () => {
  it('goes to exactly the address that was checked, keeps the name for TLS and Host, and resolves once per call', async () => {
    const push = await start(true);
    const origin = `https://${TEST_TLS_HOST}:${push.port}`;
    // A rebinding resolver: the first answer is the operator's own machine, every later one the cloud's metadata.
    const { lookup, calls } = lookupOf({ [TEST_TLS_HOST]: [[v4('127.0.0.1')], [v4('169.254.169.254')]] });
    const policy = { privateOrigins: [origin], lookup, ca: TEST_TLS_CERT };

    const response = await outboundRequest(`${origin}/push/abc?x=1`, { method: 'POST', body: 'oi' }, policy);
    expect(response.status).toBe(201);
    expect(push.seen).toEqual([
      {
        method: 'POST',
        url: '/push/abc?x=1',
        host: `${TEST_TLS_HOST}:${push.port}`,
        servername: TEST_TLS_HOST,
        body: 'oi',
      },
    ]);
    expect(calls).toEqual([TEST_TLS_HOST]);

    // The next call asks again and is refused: link-local is never an operator's address.
    const error = await refusal(outboundRequest(`${origin}/push/abc`, { method: 'POST' }, policy));
    expect(error).toMatchObject({ reason: 'address' });
    expect(push.seen).toHaveLength(1);
  });

  it('lets a private address through only for the operator’s exact origin', async () => {
    const push = await start(true);
    const { lookup } = lookupOf({ [TEST_TLS_HOST]: [[v4('127.0.0.1')]] });
    const url = `https://${TEST_TLS_HOST}:${push.port}/push`;
    for (const privateOrigins of [
      [],
      [`https://${TEST_TLS_HOST}:${push.port + 1}`],
      [`http://${TEST_TLS_HOST}:${push.port}`],
    ]) {
      const error = await refusal(outboundRequest(url, {}, { privateOrigins, lookup, ca: TEST_TLS_CERT }));
      expect(error).toMatchObject({ reason: 'address' });
    }
    expect(push.seen).toEqual([]);
  });

  it('checks the certificate against the URL’s name, not the address it connects to', async () => {
    const push = await start(true);
    const { lookup } = lookupOf({ 'outro.clube.test': [[v4('127.0.0.1')]] });
    const origin = `https://outro.clube.test:${push.port}`;
    const error = await refusal(
      outboundRequest(`${origin}/push`, {}, { privateOrigins: [origin], lookup, ca: TEST_TLS_CERT }),
    );
    expect(error).toBeInstanceOf(OutboundNetworkError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(push.seen).toEqual([]);
  });

  it('answers a redirect as it is, without following it', async () => {
    const partner = await start(false, (_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    const origin = `http://127.0.0.1:${partner.port}`;
    const response = await outboundRequest(`${origin}/links`, { method: 'POST' }, { privateOrigins: [origin] });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('http://169.254.169.254/latest/meta-data/');
    expect(partner.seen).toHaveLength(1);
  });

  it('reads at most maxBodyBytes and closes the connection instead of downloading the rest', async () => {
    let finished: Promise<boolean> = Promise.resolve(true);
    const big = await start(false, (_req, res) => {
      finished = new Promise((resolve) => res.on('close', () => resolve(res.writableFinished)));
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let left = 64; // 4 MiB, written as the client reads
      const more = () => {
        while (left > 0) {
          left -= 1;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const origin = `http://127.0.0.1:${big.port}`;
    const response = await outboundRequest(`${origin}/`, {}, { privateOrigins: [origin], maxBodyBytes: 1000 });
    expect(response).toMatchObject({ status: 200, truncated: true });
    expect(response.body).toEqual(Buffer.alloc(1000, 'a'));
    expect(await finished).toBe(false);
  });

  it('gives up at the time limit, whether the resolver or the server is the slow one', async () => {
    const silent = await start(false, () => undefined);
    const origin = `http://127.0.0.1:${silent.port}`;
    const began = Date.now();
    const slowServer = await refusal(outboundRequest(`${origin}/`, {}, { privateOrigins: [origin], timeoutMs: 300 }));
    expect(slowServer).toBeInstanceOf(OutboundNetworkError);
    expect((slowServer as Error).message).toBe('rede: sem resposta em 300 ms');
    const slowLookup = await refusal(
      outboundRequest(
        'https://lento.exemplo.com.br/',
        {},
        { lookup: () => new Promise(() => undefined), timeoutMs: 300 },
      ),
    );
    expect((slowLookup as Error).message).toBe('rede: sem resposta em 300 ms');
    expect(Date.now() - began).toBeLessThan(3000);
  });
});
