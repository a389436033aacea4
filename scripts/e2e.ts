import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileServer } from '../server/build/compile-server';
import { ensureExport } from '../server/build/ensure-export';
import { ensureChromium } from './ensure-chromium';
import { run } from './run';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Playwright against the built export and the real API, on a free port with a throw-away data folder. */
async function main(): Promise<void> {
  ensureChromium();
  ensureExport(process.cwd());
  // The terminal commands the tests run as the club's staff (e2e/club-cli.ts), compiled once as the image has them.
  await compileServer({ rootDir: process.cwd(), outDir: resolve('dist') });
  const dataDir = mkdtempSync(join(tmpdir(), 'clube-e2e-'));
  const port = await freePort();
  try {
    run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_DIST_DIR: resolve('dist') },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
