import { defineConfig, devices } from '@playwright/test';
import { sharedRunSettings, sharedUse } from './e2e/chromium';
import { e2eNfePki } from './e2e/nfe-pki';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';

// Run through `npm run test:e2e` (scripts/e2e.ts): it builds the export if needed, picks a free port and a
// throw-away data folder, and checks that Debian's Chromium is there.
export default defineConfig({
  testDir: 'e2e',
  // The production-shape journeys need their own servers: playwright.production.config.ts.
  testIgnore: 'production/**',
  outputDir: 'test-results/playwright',
  ...sharedRunSettings,
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/playwright.json' }],
    ['./e2e/duration-reporter.ts', { logFile: 'test-results/e2e-api.log' }],
  ],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...sharedUse,
  },
  projects: [
    // The staff's painel (@painel) is for a desk or a tablet: the phone leaves it out.
    { name: 'celular', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grepInvert: /@painel/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grep: /@desktop|@painel/,
    },
  ],
  webServer: {
    // The API's own log (a line per request, warnings, and errors with the cause of every "Erro interno") is kept
    // beside the results, so a failed run can be explained; Playwright would otherwise drop the server's output.
    command: `mkdir -p test-results && exec node --import tsx server/main.ts >> test-results/e2e-api.log 2>&1`,
    url: `http://127.0.0.1:${port}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      NODE_ENV: 'production',
      // Production seeds the demo accounts only when asked by name; its demo staff get fresh secrets (printed into
      // test-results/e2e-api.log), so the painel's journeys make their own staff from the terminal.
      DEMO_DATA: 'true',
      // Every request's line, not only warnings and errors: scripts/e2e.ts reads the whole run's log for secrets.
      LOG_LEVEL: 'info',
      // Every test logs in from 127.0.0.1; the per-IP limits are tested on their own in the API tests.
      LOGIN_ATTEMPTS_PER_IP: '10000',
      REQUESTS_PER_MINUTE: '100000',
      // Every page a test types into makes a device-session handshake from that same address, up to three requests.
      SESSION_SECURITY_REQUESTS_PER_IP: '100000',
      // Every test browser is headless Chromium: the "navegador automatizado" risk rule would hold every invoice.
      DEVICE_RISK_AUTOMATION: 'off',
      // Every test member signs in from the same headless browser, which is one device to the risk rules.
      DEVICE_RISK_MEMBERS_PER_DEVICE: '1000000',
      // The run's own root and AC, made now: the XML fixtures sign with them (e2e/nfe-pki.ts).
      NFE_TRUSTED_ROOTS: e2eNfePki(dataDir).trustedFile,
    },
  },
});
