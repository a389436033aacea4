import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

/** Where the API project's global setup compiled the server (compiled-server-setup.ts). */
export const COMPILED_SERVER_ENV = 'CLUB_TEST_COMPILED_SERVER';

const ROOT = path.resolve(__dirname, '..', '..');

/** A secret long enough for the settings' check; the commands sign nothing a test reads back. */
const TEST_JWT_SECRET = 'x'.repeat(40);

/**
 * `npm run <command> -- …` as a process on a test's data folder, the way an operator runs it: the compiled command
 * when the global setup made it, else the TypeScript through tsx (a suite run on its own outside the project).
 */
export function clubCommand(
  command: string,
  dataDir: () => string,
  env: Record<string, string> = {},
): (...args: string[]) => SpawnSyncReturns<string> {
  return (...args) => {
    const compiled = process.env[COMPILED_SERVER_ENV];
    const entry = compiled
      ? [path.join(compiled, 'server', 'cli', `${command}.js`)]
      : ['--import', 'tsx', `server/cli/${command}.ts`];
    return spawnSync(process.execPath, [...entry, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir(), JWT_SECRET: TEST_JWT_SECRET, ...env },
      encoding: 'utf8',
    });
  };
}
