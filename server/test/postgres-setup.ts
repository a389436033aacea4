import { startTestPostgres, type TestPostgres } from '../db/postgres/test-server';
import { createTemplate, POSTGRES_URL_ENV } from './test-database';

/** Jest global setup of the PostgreSQL project: one real server for the whole run, and the migrated template. */
export default async function setup(): Promise<void> {
  const server = await startTestPostgres();
  (globalThis as { clubTestPostgres?: TestPostgres }).clubTestPostgres = server;
  process.env[POSTGRES_URL_ENV] = server.url;
  await createTemplate(server.url);
}
