import { spawnSync } from 'node:child_process';

export const dataDir = () => process.env.E2E_DATA_DIR ?? 'data/e2e';

/** The club's terminal commands (server/cli/<name>.ts), as `npm run <name>` runs them. */
type ClubCommand = 'stores' | 'rewards' | 'partner' | 'members' | 'invoices' | 'projects' | 'staff' | 'outbox';

/** `npm run <command> -- …` against the e2e server's data, as the club's staff run it; throws on a non-zero exit. */
export function clubCli(command: ClubCommand, ...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `server/cli/${command}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir() },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run ${command} -- ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** `npm run stores -- …`, as a store manager runs it. */
export const storesCli = (...args: string[]) => clubCli('stores', ...args);
