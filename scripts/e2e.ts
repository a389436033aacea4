import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileServer } from '../server/build/compile-server';
import { ensureExport } from '../server/build/ensure-export';
import { secretsInLog } from '../server/logging/log-secrets';
import { DEMO_STAFF_PASSWORD } from '../server/modules/staff/demo';
import { DEMO_MEMBER } from '../server/modules/users/demo-member';
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

/** The API's log of the run (playwright.config.ts): every request line of the whole suite. */
const API_LOG = resolve('test-results/e2e-api.log');

/**
 * The API's log of the whole run must hold no token, password or full CPF/CNPJ, whatever the suite did (sign-ups,
 * logins, recoveries, the painel): the passwords the specs type, and any secret-named field or CPF left in clear.
 */
function checkLogForSecrets(): void {
  if (!existsSync(API_LOG)) return;
  // The logger's JSON lines; the others are the start's notice to the operator (the demo staff's fresh secrets,
  // printed once on purpose) and the tests' durations. Blanked, not dropped, so line numbers stay the file's.
  const loggerLines = readFileSync(API_LOG, 'utf8')
    .split('\n')
    .map((line) => (line.startsWith('{') ? line : ''))
    .join('\n');
  const findings = secretsInLog(loggerLines, [DEMO_MEMBER.password, DEMO_STAFF_PASSWORD]);
  if (findings.length === 0) return;
  console.error(`\n✖ O log da API tem o que nunca deveria ter (${API_LOG}):`);
  for (const { line, kind, masked } of findings.slice(0, 20)) console.error(`  linha ${line}: ${kind} ${masked}`);
  process.exit(1);
}

/** Playwright against the built export and the real API, on a free port with a throw-away data folder. */
async function main(): Promise<void> {
  // This run's log only: the server appends to it.
  rmSync(API_LOG, { force: true });
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
  checkLogForSecrets();
}

void main();
