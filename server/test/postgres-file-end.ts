// Jest's setup for the PostgreSQL project: each test file ends with its databases dropped (test-database.ts makes the
// next test's copy ahead and drops the last one's in the background).
import './esm-shims';
import { settleTestDatabases, testDialect } from './test-database';

afterAll(async () => {
  if (testDialect() === 'postgres') await settleTestDatabases();
});
