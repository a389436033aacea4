import { Server as NetServer } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Lifecycle } from './health';

/** The requests and connections of one HTTP server, so a shutdown knows when nothing is left in flight. */
export interface Traffic {
  readonly inFlight: number;
  readonly connections: number;
  /** From now on every answer, those already being worked on too, tells the client to close its connection. */
  closeAfterEachAnswer(): void;
  /** Resolves true once no request is in flight, false when `deadline` comes first. */
  answered(deadline: number): Promise<boolean>;
  /** Resolves true once no connection is open, false when `deadline` comes first. */
  disconnected(deadline: number): Promise<boolean>;
}

const SETTLED_POLL_MS = 50;

async function waitUntil(done: () => boolean, deadline: number): Promise<boolean> {
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(SETTLED_POLL_MS, deadline - Date.now())));
  }
  return true;
}

/**
 * How long an idle kept-alive connection is left for the client to close once nothing is in flight: nginx closes its
 * own after the generated upstream's keepalive_timeout (3 s, server/hosting/nginx-config.ts), so by then none is
 * left that nginx could still write a request into; what remains (a browser, a dev proxy) is closed here.
 */
export const IDLE_RELEASE_MS = 4_000;

/** Call before the server listens: it counts from the first connection. */
export function trackTraffic(server: Server): Traffic {
  const answers = new Set<ServerResponse>();
  let connections = 0;
  let closing = false;
  const markClose = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };
  server.on('connection', (socket) => {
    connections += 1;
    socket.once('close', () => (connections -= 1));
  });
  // Before Fastify's own listener, so the header is there whatever the route does first.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    answers.add(response);
    response.once('close', () => answers.delete(response));
    if (closing) markClose(response);
  });
  return {
    get inFlight() {
      return answers.size;
    },
    get connections() {
      return connections;
    },
    closeAfterEachAnswer() {
      closing = true;
      for (const response of answers) markClose(response);
    },
    answered: (deadline) => waitUntil(() => answers.size === 0, deadline),
    disconnected: (deadline) => waitUntil(() => connections === 0, deadline),
  };
}

export interface ShutdownDeps {
  readonly server: Server;
  readonly lifecycle: Lifecycle;
  readonly traffic: Traffic;
  readonly graceMs: number;
  /** IDLE_RELEASE_MS; for tests. */
  readonly idleReleaseMs?: number;
  readonly log: FastifyBaseLogger;
  /** Everything after the HTTP connections, in order: the app (its jobs finish), the storage, the database. */
  readonly close: () => Promise<void>;
  readonly exit: (code: number) => void;
}

/**
 * SIGTERM's way out, so a deploy's restart loses nothing in flight:
 * 1. readiness answers 503 (a load balancer that polls it stops sending work) and every answer from now on closes
 *    its connection;
 * 2. the listening socket closes: nginx's new connections are refused, and nginx passes those requests, never sent,
 *    to another process, POSTs included;
 * 3. requests in flight finish, then the idle connections nginx keeps are left for nginx to close (the generated
 *    block keeps one 3 s unused): a request nginx writes into a connection as this side closes it would fail with a
 *    502 that nginx cannot retry for a POST. Those still open IDLE_RELEASE_MS later (a browser's, a dev proxy's)
 *    are closed; on SIGINT (Ctrl-C in a terminal) at once;
 * 4. the app closes (the scheduled jobs finish their run), then the storage and the pool, and the process exits 0.
 * At `graceMs` whatever is still open is cut and the process exits 1; a second signal exits 1 at once.
 */
export function gracefulShutdown({
  server,
  lifecycle,
  traffic,
  graceMs,
  idleReleaseMs = IDLE_RELEASE_MS,
  log,
  close,
  exit,
}: ShutdownDeps) {
  let started = false;
  return async (signal: string): Promise<void> => {
    if (started) {
      log.warn({ signal }, 'Segundo sinal: encerrando agora, sem esperar o que estava em andamento');
      exit(1);
      return;
    }
    started = true;
    const deadline = Date.now() + graceMs;
    const hardStop = setTimeout(() => {
      log.error({ signal, graceMs }, 'Prazo de encerramento esgotado (SHUTDOWN_GRACE_MS): saindo com trabalho aberto');
      exit(1);
    }, graceMs);
    hardStop.unref();
    log.info(
      { signal, inFlight: traffic.inFlight, graceMs },
      'Encerrando: sem novas conexões, terminando o que chegou',
    );
    lifecycle.startDraining();
    traffic.closeAfterEachAnswer();
    // net.Server's close, not http.Server's: the latter also cuts the idle kept-alive connections (step 3).
    NetServer.prototype.close.call(server);
    const answered = await traffic.answered(deadline);
    // Ctrl-C in a terminal: nobody behind a proxy to wait for.
    const releaseBy = Math.min(deadline, Date.now() + (signal === 'SIGINT' ? 0 : idleReleaseMs));
    if (answered && !(await traffic.disconnected(releaseBy))) server.closeIdleConnections();
    const settled = answered && (await traffic.disconnected(deadline));
    if (!settled) server.closeAllConnections();
    try {
      await close();
    } catch (error) {
      log.error({ err: error }, 'Falha ao encerrar');
      clearTimeout(hardStop);
      exit(1);
      return;
    }
    clearTimeout(hardStop);
    log.info({ signal, settled }, 'Servidor encerrado');
    exit(settled ? 0 : 1);
  };
}
