import path from 'node:path';
import { buildApp, loggerOptions } from './app';
import { ensureExport } from './build/ensure-export';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { loadTrustStore } from './modules/invoices';
import { seedAtStart } from './seed';
import { createFileStorage } from './storage/from-config';

async function main(): Promise<void> {
  const config = loadConfig();
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

  const app = buildApp({ db, config, storage, logger: loggerOptions(process.env['LOG_LEVEL'] ?? 'info') });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Encerrando o servidor');
    // In-flight requests finish first; the storage and the database close last so no request loses its connection.
    app
      .close()
      .then(() => storage.close())
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'Falha ao encerrar');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
