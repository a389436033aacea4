import path from 'node:path';
import { compileServer } from '../build/compile-server';
import { COMPILED_SERVER_ENV } from './club-command';
import { SQLITE_IMAGE_ENV, writeSqliteImage } from './test-database';

/**
 * Jest global setup of the API project: the demo club's SQLite database migrated and seeded once for every test app
 * of the run (test-database.ts), and the server compiled once, as the image has it, for the terminal commands'
 * suites (server/test/club-command.ts). Under node_modules/.cache so the compiled files find the packages; tsx
 * compiling the TypeScript again at every command took about half of those suites' time.
 */
export default async function setup(): Promise<void> {
  const rootDir = path.resolve(__dirname, '..', '..');
  const outDir = path.join(rootDir, 'node_modules', '.cache', 'club-test-server');
  await compileServer({ rootDir, outDir });
  process.env[COMPILED_SERVER_ENV] = outDir;
  // After the compile, which starts from an empty folder.
  const image = path.join(outDir, 'demo-club.sqlite');
  await writeSqliteImage(image);
  process.env[SQLITE_IMAGE_ENV] = image;
}
