/**
 * A member's first visit on a weak signal, timed as they live it: `/login` on a 390×844 phone with slow 3G
 * (400 kbit/s, 400 ms) and a 4× slower CPU applied to Chromium, a cold cache. The member types and taps "Entrar" as
 * soon as it can be tapped. Reports, per run and as the median, from the navigation's own clock: the first paint,
 * "Entrar" usable, the form's own script running (the early tap is sent then), the tap, home's frame (shell and tab
 * bar) and home with the member's name. Not a test: `node --import tsx bench/first-visit-3g.ts` (RUNS=3).
 */
import { chromium, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { demo } from '../e2e/members';
import { startLocalServer } from './local-server';

const RUNS = Number(process.env.RUNS ?? 3);
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

type Mark = 'usable' | 'script' | 'frame' | 'home';
type Run = Record<Mark | 'paint' | 'tap', number>;

declare global {
  interface Window {
    marks?: Partial<Record<Mark, number>>;
  }
}

async function visit(origin: string): Promise<Run> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Each moment is noted once, the first time the page shows it (the login leads to home in the same document). No
    // named inner functions: the script is sent as text, and the bundler's helper for their names does not exist there.
    await page.addInitScript(() => {
      const marks: Partial<Record<Mark, number>> = {};
      window.marks = marks;
      new MutationObserver(() => {
        const now = performance.now();
        const button = document.querySelector<HTMLButtonElement>('form button[type=submit]');
        if (button && !button.disabled && button.textContent === 'Entrar') marks.usable ??= now;
        if (document.querySelector('form[data-ready]')) marks.script ??= now;
        if (document.querySelector('nav[aria-label="Menu principal"]')) marks.frame ??= now;
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent?.startsWith('Olá'))) marks.home ??= now;
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });

    await page.goto(`${origin}/login`, { waitUntil: 'commit', timeout: 120_000 });
    const entrar = page.getByRole('button', { name: 'Entrar', exact: true });
    await entrar.waitFor({ timeout: 120_000 });
    await page.getByLabel('CPF, e-mail ou celular').fill(demo.cpf);
    await page.getByLabel('Senha').fill(demo.password);
    // A person taps what is painted: no sooner than the first paint.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
      timeout: 120_000,
    });
    const tap = await page.evaluate(() => performance.now());
    await entrar.click();
    await page.getByRole('heading', { name: `Olá, ${demo.name}!` }).waitFor({ timeout: 180_000 });
    const result = await page.evaluate(() => ({
      ...window.marks,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
    return { usable: NaN, script: NaN, frame: NaN, home: NaN, ...result, tap };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (run: Run) =>
  // "Entrar" can be in the HTML before anything is painted: a person can use it from the first paint.
  `first paint ${s(run.paint)}, "Entrar" usable ${s(Math.max(run.usable, run.paint))}, form script ${s(run.script)}, tap ${s(run.tap)}, ` +
  `home's frame ${s(run.frame)} (${s(run.frame - run.tap)} after the tap), home ${s(run.home)} (${s(run.home - run.tap)} after the tap)`;

async function main() {
  const server = await startLocalServer();
  try {
    console.log('/login → /, 390×844, slow 3G (400 kbit/s, 400 ms), CPU 4×, cold cache');
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await visit(server.origin));
      console.log(`run ${i + 1}: ${line(runs[i]!)}`);
    }
    const keys = ['paint', 'usable', 'script', 'tap', 'frame', 'home'] as const;
    console.log(`median: ${line(Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Run)}`);
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
