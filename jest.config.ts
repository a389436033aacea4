/**
 * Jest reads this file through ts-node, which type-checked it (and what it imports) on every run: about 9 s of CPU
 * before the first test. tsc checks it with the rest of the project.
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "node"}}
 */
import nextJest from 'next/jest.js';
import type { Config } from 'jest';

// next/jest would try to add platform binaries this registry does not serve to the lock file.
process.env.NEXT_IGNORE_INCORRECT_LOCKFILE = '1';

const createJestConfig = nextJest({ dir: './' });

// An API test builds an app and a database with the demo member (an argon2 hash) before it starts: under a second
// on an idle machine, several seconds on a busy one. Jest's 5 s default would fail them there for no fault of theirs.
// Unit tests never come near it; a hang still fails, after 30 s.
const API_TEST_TIMEOUT_MS = 30_000;

const shared: Config = {
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  clearMocks: true,
  restoreMocks: true,
};

// Three projects: the browser side runs in jsdom, and so does common/, what the browser and the API share (a test
// that needs Node's own globals says so with @jest-environment node); the club API in plain Node, once with a fresh
// SQLite database per test app and once with a fresh PostgreSQL database per test app.
async function jestConfig(): Promise<Config> {
  return {
    // A global option: Jest ignores testTimeout inside a project's config.
    testTimeout: API_TEST_TIMEOUT_MS,
    // Jest's default on 2 cores is one worker (cores − 1), and the API files spend much of their time waiting on
    // databases, child processes and sockets, so one worker left a core idle most of the 10.5 minutes of a run. Each
    // worker has its own databases, ports and data folders: they never share state.
    maxWorkers: 2,
    projects: [
      await createJestConfig({
        ...shared,
        displayName: 'unit',
        testEnvironment: 'jsdom',
        testMatch: ['<rootDir>/{common,lib,components,app,worker}/**/*.test.{ts,tsx}'],
        setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      })(),
      await createJestConfig({
        ...shared,
        displayName: 'api',
        testEnvironment: 'node',
        testMatch: ['<rootDir>/server/**/*.test.ts'],
        // Query plans are PostgreSQL's planner's: the guard against whole-table reads runs in api-postgres only.
        testPathIgnorePatterns: ['/node_modules/', '<rootDir>/server/test/query-plans.test.ts'],
        // The terminal commands' suites run the compiled commands (server/test/club-command.ts).
        globalSetup: '<rootDir>/server/test/compiled-server-setup.ts',
      })(),
      // The same API suite on a real PostgreSQL server that the global setup starts (Debian's postgresql).
      await createJestConfig({
        ...shared,
        displayName: 'api-postgres',
        testEnvironment: 'node',
        testMatch: ['<rootDir>/server/**/*.test.ts'],
        // Suites that bring their own database (or need none) would only run the same thing a second time: the
        // terminal commands' suites run each command as a process on a SQLite DATA_DIR of their own, and nginx,
        // the settings and the file stores never open the database.
        testPathIgnorePatterns: [
          '/node_modules/',
          '<rootDir>/server/adapters/sefaz-status.test.ts',
          '<rootDir>/server/adapters/(messenger|outbound).test.ts',
          '<rootDir>/server/architecture.test.ts',
          '<rootDir>/server/backup/',
          '<rootDir>/server/build/(compile-server|ensure-export).test.ts',
          '<rootDir>/server/cli/(invoices|members|partner|projects|rewards|run|staff|stores|whatsapp).test.ts',
          '<rootDir>/server/config.test.ts',
          '<rootDir>/server/docs.test.ts',
          // Compiled against interpreted GraphQL: the same answers whatever the database.
          '<rootDir>/server/graphql/jit.test.ts',
          '<rootDir>/server/db/write-first.test.ts',
          '<rootDir>/server/hosting/(compose|nginx-config|nginx-serve).test.ts',
          // HTTP and GraphQL-over-HTTP behaviour in front of the resolvers (headers, compression, the routes, body and
          // query limits, the log's shape): their tests never read or write a row of their own.
          '<rootDir>/server/http/(api-routes|compression|content-security-policy|instance-header|security-headers).test.ts',
          '<rootDir>/server/graphql/(graphql-over-http|request-limits).test.ts',
          '<rootDir>/server/logging.test.ts',
          '<rootDir>/server/http/graceful-shutdown.test.ts',
          '<rootDir>/server/limits/client-address.test.ts',
          '<rootDir>/server/logging/',
          '<rootDir>/server/metrics/metrics-docs.test.ts',
          '<rootDir>/server/modules/invoices/nfe-trust/',
          '<rootDir>/server/storage/(contract|from-config|local-disk-writers).test.ts',
          '<rootDir>/server/test/faults/disk-full.test.ts',
          '<rootDir>/server/test/faults/postgres-restart.test.ts',
          '<rootDir>/server/test/faults/process-killed.test.ts',
          '<rootDir>/server/test/faults/rolling-restart.test.ts',
          '<rootDir>/server/uploads/file-upload.test.ts',
        ],
        globals: { CLUB_TEST_DATABASE: 'postgres' },
        setupFilesAfterEnv: ['<rootDir>/server/test/postgres-file-end.ts'],
        globalSetup: '<rootDir>/server/test/postgres-setup.ts',
        globalTeardown: '<rootDir>/server/test/postgres-teardown.ts',
      })(),
    ],
  };
}

export default jestConfig;
