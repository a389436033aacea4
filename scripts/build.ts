import path from 'node:path';
import { stampedBuild } from '../server/build/ensure-export';
import { run } from './run';

/**
 * `npm run build`: codegen, the static export and its precompressed copies, then the stamp that tells `npm start`
 * this export is current (server/build/ensure-export.ts), so `npm run build && npm start` builds once.
 */
// Next would try to "patch" the lock file with platform binaries this registry does not serve.
const nextEnv = { ...process.env, NEXT_IGNORE_INCORRECT_LOCKFILE: '1', NEXT_TELEMETRY_DISABLED: '1' };

stampedBuild(path.resolve('out'), () => {
  run('npm', ['run', 'codegen']);
  run('npx', ['next', 'build', ...(process.env['NO_MANGLING'] ? ['--no-mangling'] : [])], { env: nextEnv });
  run(process.execPath, ['--import', 'tsx', 'scripts/precompress.ts', 'out']);
});
