import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

const baseURL = process.env.PRODUCTION_URL;
if (!baseURL) {
  throw new Error(
    'PRODUCTION_URL não definido: rode com `npm run test:production`, que sobe PostgreSQL, S3, dois processos da API e o nginx.',
  );
}

// Run through `npm run test:production` (scripts/e2e-production.ts): it starts the production shape (PostgreSQL,
// s3rver, two API processes, nginx) and hands its addresses to the journeys in PRODUCTION_* variables.
export default defineConfig({
  testDir: 'e2e/production',
  outputDir: 'test-results/playwright-production',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Same reasoning as playwright.config.ts: room for a busy 2-core machine without hiding a hang.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-production.json' }]],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'producao', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } }],
});
