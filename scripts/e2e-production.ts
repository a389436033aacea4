import { spawn } from 'node:child_process';
import path from 'node:path';
import { compileServer } from '../server/build/compile-server';
import { ensureExport } from '../server/build/ensure-export';
import { postgresBinDir } from '../server/db/postgres/test-server';
import { ensureNodeRuntime } from '../server/hosting/test/node-runtime';
import { startProductionStack, type ProductionStack } from '../server/hosting/test/production-stack';
import { ensureChromium } from './ensure-chromium';
import { ensureDebianPackage } from './ensure-debian-package';

/**
 * Playwright against the production shape (playwright.production.config.ts): a throw-away PostgreSQL, s3rver, two
 * API processes and Debian's nginx serving the export in front of them, all started here and stopped at the end.
 * The API processes run as the production image runs them: the compiled server (dist/server/main.js) on the Node the
 * project documents, fetched from the npm registry, whatever Node runs this script.
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
    const node = ensureNodeRuntime(process.cwd());
    await compileServer({ rootDir: process.cwd(), outDir: path.resolve('dist') });
    console.log(`[produção ${seconds()}] servidor compilado em dist/, Node ${node}`);
    stack = await startProductionStack({
      apiProcesses: 2,
      root: path.resolve('out'),
      runtime: { node, main: 'dist/server/main.js' },
      progress: (step) => console.log(`[produção ${seconds()}] iniciando ${step}`),
    });
    console.log(
      `[produção ${seconds()}] pronto: nginx em ${stack.url}, API em ${stack.instances.map((i) => `${i.name} ${i.url} (Node ${i.program.nodeVersion})`).join(', ')}`,
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
            PRODUCTION_PROGRAMS: JSON.stringify(
              Object.fromEntries(stack!.instances.map((instance) => [instance.name, instance.program])),
            ),
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
