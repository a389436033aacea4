import { spawnSync, type SpawnSyncOptions } from 'node:child_process';

/** Runs a command with inherited output; exits the script with its code when it fails. */
export function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${[command, ...args].join(' ')} falhou (código ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
