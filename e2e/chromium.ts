import type { LaunchOptions } from '@playwright/test';

/**
 * Playwright's own list (a second --disable-features replaces the first), then what a test browser does not need:
 * one renderer per site (site isolation; every test page is one origin), and the network services a stock browser
 * starts.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'IsolateOrigins',
  'site-per-process',
  'Translate',
  'AutofillServerCommunication',
];

/** Debian's Chromium, headless, without the background traffic and sandbox a throw-away test browser does not need. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-site-isolation-trials',
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
    '--in-process-gpu',
    '--disable-smooth-scrolling',
  ],
};

/**
 * What both Playwright configurations share: two workers on a 2-core machine, one retry on CI, and time limits with
 * room for a busy machine. A sign-up journey with two accessibility passes takes ~17 s on an idle 2-core machine
 * and ~35 s when it is busy with other work; 60 s leaves room for a slower CI host without hiding a hang.
 */
export const sharedRunSettings = {
  fullyParallel: true,
  workers: 2,
  // One retry everywhere, not only where CI is set: the run that lands is a plain `bash .ci/run`. A retried test is
  // reported as flaky in the summary, never hidden.
  retries: 1,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
} as const;

/**
 * A Brazilian member's browser: pt-BR, São Paulo time, Debian's Chromium. The service worker is blocked unless a spec
 * is about it (`test.use({ serviceWorkers: 'allow' })`: the shell, offline, the waiting queue's Background Sync, push,
 * the first visit): every test starts in a new context, and the worker's install downloaded and precached the whole
 * export (212 files) in each, on the two cores the test itself runs on. The pages work without it, as on a browser
 * that has none.
 */
export const sharedUse = {
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  serviceWorkers: 'block',
  // Recorded on the retry of a failed test only: recording every test's screencast and snapshots took a sixth of the
  // run (21 route tests: 121 s with 'retain-on-failure', 100 s without).
  trace: 'on-first-retry',
  launchOptions: chromiumLaunchOptions,
} as const;
