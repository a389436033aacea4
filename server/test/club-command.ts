import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

/** Where the API project's global setup compiled the server (compiled-server-setup.ts). */
export const COMPILED_SERVER_ENV = 'CLUB_TEST_COMPILED_SERVER';

const ROOT = path.resolve(__dirname, '..', '..');

/** A secret long enough for the settings' check; the commands sign nothing a test reads back. */
const TEST_JWT_SECRET = 'x'.repeat(40);

/** The compiled command when the global setup made it, else the TypeScript through tsx. */
function invocation(command: string, dataDir: string, env: Record<string, string>, args: readonly string[]) {
  const compiled = process.env[COMPILED_SERVER_ENV];
  const entry = compiled
    ? [path.join(compiled, 'server', 'cli', `${command}.js`)]
    : ['--import', 'tsx', `server/cli/${command}.ts`];
  return {
    args: [...entry, ...args],
    options: { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...env } },
  };
}

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
    const { args: argv, options } = invocation(command, dataDir(), env, args);
    return spawnSync(process.execPath, argv, { ...options, encoding: 'utf8' });
  };
}

/** The same command without blocking the test's own event loop: for a command that calls a server the test runs. */
export function clubCommandAsync(
  command: string,
  dataDir: () => string,
  env: () => Record<string, string>,
): (...args: string[]) => Promise<{ status: number | null; stdout: string; stderr: string }> {
  return (...args) => {
    const { args: argv, options } = invocation(command, dataDir(), env(), args);
    const child = spawn(process.execPath, argv, options);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  };
}
