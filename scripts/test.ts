import { mkdirSync, readFileSync } from 'node:fs';
import { postgresBinDir } from '../server/db/postgres/test-server';
import { CHROMIUM_PATH } from './ensure-chromium';
import { installDebianPackagesInBackground } from './ensure-debian-package';
import { run } from './run';

/**
 * Every test of the project, in the order that fails fastest: types, lint, Jest (unit, and the API on SQLite and on
 * PostgreSQL), then the build and Playwright against the built export, then Playwright against the production shape
 * (PostgreSQL, S3, two API processes behind nginx, each the compiled server on Node 24 as the image runs it), then the
 * JavaScript budget of every route.
 * Ends with one summary line "N passed, N failed".
 */
const packages = installDebianPackagesInBackground([
  { binary: CHROMIUM_PATH, debianPackage: 'chromium', envVar: 'CHROMIUM_PATH' },
  // The API suite runs a second time on a real PostgreSQL server that Jest starts from Debian's binaries.
  ...(postgresBinDir() ? [] : [{ binary: '/usr/lib/postgresql', debianPackage: 'postgresql', envVar: 'PG_BIN' }]),
  // The generated nginx block is checked by a real nginx in front of the API.
  { binary: '/usr/sbin/nginx', debianPackage: 'nginx', envVar: 'PATH' },
]);
// Jest writes its JSON summary but does not create the folder; a fresh clone has none.
mkdirSync('test-results', { recursive: true });
run('npm', ['run', 'codegen', '--silent']);
run('npx', ['tsc', '--noEmit']);
run('npx', ['eslint', '.', '--max-warnings', '0']);
// Jest starts PostgreSQL, and Playwright Chromium, from the packages.
void packages.then(() => {
  run('npx', ['jest', '--json', '--outputFile=test-results/jest.json']);
  run('npx', ['tsx', 'scripts/e2e.ts']);
  // The export is built by now: the production journeys use it as it is.
  run('npx', ['tsx', 'scripts/e2e-production.ts'], { env: { ...process.env, SKIP_BUILD: '1' } });
  run('npx', ['tsx', 'scripts/bundle-budget.ts']);

  const jest = JSON.parse(readFileSync('test-results/jest.json', 'utf8')) as JestSummary;
  const pw = JSON.parse(readFileSync('test-results/playwright.json', 'utf8')) as PlaywrightSummary;
  const production = JSON.parse(readFileSync('test-results/playwright-production.json', 'utf8')) as PlaywrightSummary;
  const passed =
    jest.numPassedTests + pw.stats.expected + pw.stats.flaky + production.stats.expected + production.stats.flaky;
  const failed = jest.numFailedTests + pw.stats.unexpected + production.stats.unexpected;
  console.log(
    `\nJest: ${jest.numPassedTests} passed; Playwright: ${pw.stats.expected + pw.stats.flaky} passed; ` +
      `Playwright (produção): ${production.stats.expected + production.stats.flaky} passed`,
  );
  console.log(`${passed} passed, ${failed} failed`);
});

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
}
interface PlaywrightSummary {
  stats: { expected: number; unexpected: number; flaky: number };
}
