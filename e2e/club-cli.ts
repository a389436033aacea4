import { spawnSync } from 'node:child_process';

export const dataDir = () => process.env.E2E_DATA_DIR ?? 'data/e2e';

/** The club's terminal commands (server/cli/<name>.ts), as `npm run <name>` runs them. */
type ClubCommand =
  | 'stores'
  | 'rewards'
  | 'partner'
  | 'members'
  | 'invoices'
  | 'projects'
  | 'staff'
  | 'outbox'
  | 'whatsapp';

/**
 * A server file's entry point (`cli/stores`, `main`): the compiled one when `npm run test:e2e` compiled the server
 * (E2E_DIST_DIR, the production image's dist/), which starts in half the time of tsx compiling the TypeScript at every
 * start; the TypeScript itself under a bare `npx playwright test`.
 */
export const serverEntry = (file: string): string[] =>
  process.env.E2E_DIST_DIR
    ? [`${process.env.E2E_DIST_DIR}/server/${file}.js`]
    : ['--import', 'tsx', `server/${file}.ts`];

const entry = (command: ClubCommand): string[] => serverEntry(`cli/${command}`);

/** `npm run <command> -- …` against the e2e server's data, as the club's staff run it; throws on a non-zero exit. */
export function clubCli(command: ClubCommand, ...args: string[]): string {
  const result = spawnSync(process.execPath, [...entry(command), ...args], {
    env: { ...process.env, DATA_DIR: dataDir() },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run ${command} -- ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** `npm run stores -- …`, as a store manager runs it. */
export const storesCli = (...args: string[]) => clubCli('stores', ...args);
