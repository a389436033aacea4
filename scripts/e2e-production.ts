import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureExport } from '../server/build/ensure-export';
import { postgresBinDir } from '../server/db/postgres/test-server';
import { startProductionStack, type ProductionStack } from '../server/hosting/test/production-stack';
import { ensureChromium } from './ensure-chromium';
import { ensureDebianPackage } from './ensure-debian-package';

/**
 * Playwright against the production shape (playwright.production.config.ts): a throw-away PostgreSQL, s3rver, two
 * API processes and Debian's nginx serving the export in front of them, all started here and stopped at the end.
 * SKIP_BUILD=1 uses out/ as it is, like `npm start`.
 */
async function main(): Promise<number> {
  ensureChromium();
  if (!postgresBinDir()) ensureDebianPackage('/usr/lib/postgresql', 'postgresql', 'PG_BIN');
  ensureDebianPackage('/usr/sbin/nginx', 'nginx', 'PATH');
  if (process.env.SKIP_BUILD !== '1') ensureExport(process.cwd());

  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  let stack: ProductionStack | undefined;
  const stopStack = async () => {
    const running = stack;
    stack = undefined;
    await running?.stop();
  };
  // Ctrl-C during a run still stops every server this script started.
  process.once('SIGINT', () => void stopStack().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void stopStack().finally(() => process.exit(143)));

  try {
    stack = await startProductionStack({
      apiProcesses: 2,
      root: path.resolve('out'),
      progress: (step) => console.log(`[produção ${seconds()}] iniciando ${step}`),
    });
    console.log(
      `[produção ${seconds()}] pronto: nginx em ${stack.url}, API em ${stack.instances.map((i) => `${i.name} ${i.url}`).join(', ')}`,
    );
    const code = await new Promise<number>((resolve, reject) => {
      const playwright = spawn(
        'npx',
        ['playwright', 'test', '--config', 'playwright.production.config.ts', ...process.argv.slice(2)],
        {
          stdio: 'inherit',
          env: {
            ...process.env,
            PRODUCTION_URL: stack!.url,
            PRODUCTION_DATABASE_URL: stack!.databaseUrl,
            PRODUCTION_JWT_SECRET: stack!.jwtSecret,
            PRODUCTION_INSTANCES: stack!.instances.map((instance) => instance.name).join(','),
          },
        },
      );
      playwright.once('error', reject);
      playwright.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
    });
    if (code !== 0) console.error(`\n✖ playwright (produção) falhou (código ${code})`);
    return code;
  } finally {
    await stopStack();
    console.log(`[produção ${seconds()}] ambiente encerrado`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
