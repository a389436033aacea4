import type { TestPostgres } from '../db/postgres/test-server';

export default async function teardown(): Promise<void> {
  await (globalThis as { clubTestPostgres?: TestPostgres }).clubTestPostgres?.stop();
}
