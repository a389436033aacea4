import path from 'node:path';
import { compileServer } from '../build/compile-server';
import { COMPILED_SERVER_ENV } from './club-command';

/**
 * Jest global setup of the API project: the server compiled once, as the image has it, for the terminal commands'
 * suites (server/test/club-command.ts). Under node_modules/.cache so the compiled files find the packages; tsx
 * compiling the TypeScript again at every command took about half of those suites' time.
 */
export default async function setup(): Promise<void> {
  const rootDir = path.resolve(__dirname, '..', '..');
  const outDir = path.join(rootDir, 'node_modules', '.cache', 'club-test-server');
  await compileServer({ rootDir, outDir });
  process.env[COMPILED_SERVER_ENV] = outDir;
}
