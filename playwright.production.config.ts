import { defineConfig, devices } from '@playwright/test';
import { sharedRunSettings, sharedUse } from './e2e/chromium';

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
  ...sharedRunSettings,
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/playwright-production.json' }],
    ['./e2e/duration-reporter.ts', { logFile: 'test-results/playwright-production-durations.log' }],
  ],
  use: {
    baseURL,
    ...sharedUse,
  },
  projects: [{ name: 'producao', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } }],
});
