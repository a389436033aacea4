import nextJest from 'next/jest.js';
import type { Config } from 'jest';

// next/jest would try to add platform binaries this registry does not serve to the lock file.
process.env.NEXT_IGNORE_INCORRECT_LOCKFILE = '1';

const createJestConfig = nextJest({ dir: './' });

const shared: Config = {
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  clearMocks: true,
  restoreMocks: true,
};

// Two projects: the browser side runs in jsdom, the club API in plain Node with a fresh SQLite per file.
async function jestConfig(): Promise<Config> {
  return {
    projects: [
      await createJestConfig({
        ...shared,
        displayName: 'unit',
        testEnvironment: 'jsdom',
        testMatch: ['<rootDir>/{lib,components,app}/**/*.test.{ts,tsx}'],
        setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      })(),
      await createJestConfig({
        ...shared,
        displayName: 'api',
        testEnvironment: 'node',
        testMatch: ['<rootDir>/server/**/*.test.ts'],
      })(),
    ],
  };
}

export default jestConfig;
