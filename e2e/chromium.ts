import type { LaunchOptions } from '@playwright/test';

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
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
} as const;

/** A Brazilian member's browser: pt-BR, São Paulo time, the service worker on, Debian's Chromium. */
export const sharedUse = {
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  serviceWorkers: 'allow',
  trace: 'retain-on-failure',
  launchOptions: chromiumLaunchOptions,
} as const;
