/**
 * Lighthouse (mobile form factor, slow 4G and a 4x slower CPU) against the built export served by the real server,
 * for the pages a visitor reaches first. Not a test: `node --import tsx bench/lighthouse.ts`. Needs the npm registry
 * once (npx fetches Lighthouse 12) and Debian's Chromium.
 *
 * The throttling is applied to the browser (`devtools`), not simulated: against a server on the same machine the
 * simulation counts every script as finished before the first paint, which is not what a phone on 4G sees.
 */
import { spawnSync } from 'node:child_process';
import { startLocalServer } from './local-server';

const PAGES = ['/login', '/cadastro', '/recuperar-senha', '/cadastro-promo/loja-centro'];
const RUNS = 3;

interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number }>;
}

function lighthouse(url: string): Report {
  const result = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--quiet',
      '--throttling-method=devtools',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility,best-practices',
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { encoding: 'utf8', env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  if (result.status !== 0) throw new Error(`lighthouse ${url}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Report;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const server = await startLocalServer();
  try {
    console.log(`Lighthouse 12, mobile, slow 4G applied to the browser; median of ${RUNS} runs`);
    console.log('page                           perf  a11y  best  FCP ms  LCP ms  TBT ms  TTI ms  CLS');
    for (const page of PAGES) {
      const reports = Array.from({ length: RUNS }, () => lighthouse(`${server.origin}${page}`));
      const score = (c: string) => median(reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)));
      const audit = (a: string) => median(reports.map((r) => r.audits[a]?.numericValue ?? NaN));
      console.log(
        [
          page.padEnd(30),
          String(score('performance')).padStart(5),
          String(score('accessibility')).padStart(5),
          String(score('best-practices')).padStart(5),
          String(Math.round(audit('first-contentful-paint'))).padStart(7),
          String(Math.round(audit('largest-contentful-paint'))).padStart(7),
          String(Math.round(audit('total-blocking-time'))).padStart(7),
          String(Math.round(audit('interactive'))).padStart(7),
          audit('cumulative-layout-shift').toFixed(3).padStart(6),
        ].join(' '),
      );
    }
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
