import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { gracefulShutdown, trackTraffic } from './graceful-shutdown';
import { createLifecycle, type Lifecycle } from './health';

/**
 * SIGTERM's drain on a real listening server and real kept-alive connections (the production shape behind nginx
 * has its own test: server/test/faults/rolling-restart.test.ts).
 */
interface Server {
  app: FastifyInstance;
  port: number;
  lifecycle: Lifecycle;
  release: () => void;
  shutdown: (signal: string) => Promise<void>;
  exits: number[];
  closed: () => boolean;
}

const servers: Server[] = [];

async function startServer({ graceMs = 10_000, idleReleaseMs = 10_000 } = {}): Promise<Server> {
  const app = Fastify();
  const lifecycle = createLifecycle();
  let release: () => void = () => undefined;
  const slow = new Promise<void>((resolve) => (release = resolve));
  app.get('/lento', async () => {
    await slow;
    return { ok: true };
  });
  app.get('/pronto', async (_request, reply) => reply.code(lifecycle.draining ? 503 : 200).send({}));
  const traffic = trackTraffic(app.server);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const exits: number[] = [];
  let closed = false;
  const shutdown = gracefulShutdown({
    server: app.server,
    lifecycle,
    traffic,
    graceMs,
    idleReleaseMs,
    log: app.log,
    close: async () => {
      await app.close();
      closed = true;
    },
    exit: (code) => exits.push(code),
  });
  const server = {
    app,
    port: (app.server.address() as AddressInfo).port,
    lifecycle,
    release: () => release(),
    shutdown,
    exits,
    closed: () => closed,
  };
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.release();
    server.app.server.closeAllConnections();
    await server.app.close().catch(() => undefined);
  }
});

interface Answer {
  status: number;
  connection: string | undefined;
}

function get(port: number, path: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    request.on('error', reject);
  });
}

const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
};

describe('graceful shutdown', () => {
  it('refuses new connections, answers what arrives on kept ones as not ready, finishes what is in flight, then exits 0', async () => {
    const server = await startServer();
    // Two kept-alive connections, as nginx keeps to each process: one idle, one busy with a slow request.
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(server.port, '/pronto', idle)).status).toBe(200);
    const inFlight = get(server.port, '/lento', busy);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const done = server.shutdown('SIGTERM');
    await expect(get(server.port, '/pronto', false)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The idle kept connection still gets its answer: readiness says no, and the connection is to be closed.
    expect(await get(server.port, '/pronto', idle)).toEqual({ status: 503, connection: 'close' });
    expect(server.exits).toEqual([]);

    server.release();
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    await done;
    expect(server.closed()).toBe(true);
    expect(server.exits).toEqual([0]);
    idle.destroy();
    busy.destroy();
  });

  /** A client keeps one idle connection open; the shutdown's time until it exited, and its exit codes. */
  async function shutdownWithIdleClient(signal: string, idleReleaseMs: number) {
    const server = await startServer({ idleReleaseMs });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(server.port, '/pronto', agent);
    const started = Date.now();
    await server.shutdown(signal);
    agent.destroy();
    return { ms: Date.now() - started, exits: server.exits };
  }

  it('leaves an idle kept connection for the client to close, and closes it itself once the release time has passed', async () => {
    const { ms, exits } = await shutdownWithIdleClient('SIGTERM', 400);
    expect(ms).toBeGreaterThanOrEqual(380);
    expect(exits).toEqual([0]);
  });

  it('on Ctrl-C, closes idle connections as soon as nothing is in flight', async () => {
    const { ms, exits } = await shutdownWithIdleClient('SIGINT', 10_000);
    expect(ms).toBeLessThan(2_000);
    expect(exits).toEqual([0]);
  });

  it('exits 1 at once on a second signal', async () => {
    const server = await startServer();
    const inFlight = get(server.port, '/lento', false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    void server.shutdown('SIGTERM');
    await server.shutdown('SIGTERM');
    expect(server.exits).toEqual([1]);
    server.release();
    await inFlight;
  });

  it('exits 1 when the grace runs out with a request still open', async () => {
    const server = await startServer({ graceMs: 300 });
    const inFlight = get(server.port, '/lento', false).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    void server.shutdown('SIGTERM');
    await waitFor(() => server.exits.length > 0);
    expect(server.exits[0]).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The request that never finished was cut.
    expect(await inFlight).toMatchObject({ code: 'ECONNRESET' });
  });
});
