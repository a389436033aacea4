import path from 'node:path';
import { buildApp, loggerOptions } from './app';
import { ensureExport } from './build/ensure-export';
import { loadConfig, recordServedUrl, servedUrlOf } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { gracefulShutdown, trackTraffic } from './http/graceful-shutdown';
import { createLifecycle } from './http/health';
import { appGauges } from './metrics/app-gauges';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server';
import { loadTrustStore } from './modules/invoices';
import { pushQueueDepth } from './modules/notifications';
import { seedAtStart } from './seed';
import { createFileStorage } from './storage/from-config';

async function main(): Promise<void> {
  const loaded = loadConfig();
  // Without PUBLIC_URL, links point at the address this server serves (and the terminal's commands read it).
  const publicUrlSet = Boolean(process.env['PUBLIC_URL']);
  const config = publicUrlSet ? loaded : { ...loaded, publicUrl: servedUrlOf(loaded.host, loaded.port) };
  // A wrong NFE_TRUSTED_ROOTS stops the server here with its reason, not at the first invoice a member sends.
  loadTrustStore(config.nfeTrustedRoots);
  const rootDir = path.resolve(__dirname, '..');
  if (process.env['SKIP_BUILD'] !== '1' && config.serveStatic) ensureExport(rootDir);

  const db = createDatabase(config.database);
  await migrateToLatest(db);
  // One storage for the demo history and the server.
  const storage = createFileStorage(config);
  // Straight to the terminal, never through the logger: the demo staff's fresh secrets are shown once, here.
  for (const line of await seedAtStart(db, { config, storage })) process.stdout.write(`${line}\n`);

  const lifecycle = createLifecycle();
  const app = buildApp({
    db,
    config,
    storage,
    lifecycle,
    logger: loggerOptions(process.env['LOG_LEVEL'] ?? 'info'),
  });
  const traffic = trackTraffic(app.server);

  let metrics: MetricsServer | undefined;
  const shutdown = gracefulShutdown({
    server: app.server,
    lifecycle,
    traffic,
    graceMs: config.shutdownGraceMs,
    log: app.log,
    // The app first (its scheduled jobs finish their run), then what they used: the storage, the pool.
    close: async () => {
      await app.close();
      await storage.close();
      await db.destroy();
      await metrics?.close();
    },
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (!publicUrlSet) {
    recordServedUrl(config.dataDir, config.publicUrl);
    if (config.database.kind === 'postgres' || config.nodeEnv === 'production') {
      app.log.warn(
        { publicUrl: config.publicUrl },
        'PUBLIC_URL não definido: os links dos e-mails e SMS usam o endereço deste processo. Defina PUBLIC_URL com o endereço que os membros abrem.',
      );
    }
  }
  if (config.metrics) {
    metrics = await startMetricsServer({
      ...config.metrics,
      appRegistry: appGauges({ db, queues: [{ name: 'push', depth: pushQueueDepth }], now: config.now }),
    });
    app.log.info({ url: metrics.url }, 'Métricas do Prometheus');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
