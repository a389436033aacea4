import { spawnSync } from 'node:child_process';

export const dataDir = () => process.env.E2E_DATA_DIR ?? 'data/e2e';

/** `npm run stores -- …` against the e2e server's data, as a store manager runs it. */
export function storesCli(...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/stores.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir() },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run stores -- ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}
