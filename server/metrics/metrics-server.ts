import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { processRegistry } from './registry';

let defaultsCollected = false;

export interface MetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Prometheus's scrape, `GET /metrics` in the text format, on a port of its own (METRICS_PORT, bound to METRICS_HOST,
 * 127.0.0.1 unless set otherwise): nginx proxies only the API's routes, so the metrics never face the internet.
 * Node's own (CPU, memory, event-loop delay, garbage collection) come with the club's.
 */
export async function startMetricsServer({
  host,
  port,
  appRegistry,
}: {
  host: string;
  port: number;
  appRegistry: Registry;
}): Promise<MetricsServer> {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: processRegistry });
    defaultsCollected = true;
  }
  const registry = Registry.merge([processRegistry, appRegistry]);
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Só GET /metrics.\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`Falha ao coletar as métricas: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
