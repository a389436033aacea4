import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const EXPORT_STAMP = '.export-stamp';

const SOURCE_DIRS = ['app', 'common', 'components', 'lib', 'public', 'worker'];
const SOURCE_FILES = [
  'next.config.mjs',
  'package-lock.json',
  'codegen.ts',
  'tsconfig.json',
  'scripts/build.ts',
  'scripts/precompress.ts',
];
/** Written by the build itself (next-pwa); counting them would make every build look stale. */
const GENERATED_IN_PUBLIC = [/^service-worker\.js/, /^workbox-/, /^worker-/, /^fallback-/];
/** Codegen writes here during the build, for the same reason: its folders and the documents beside each .graphql. */
const GENERATED_DIRS = [path.join('lib', 'graphql', 'generated'), path.join('lib', 'graphql', 'generated-public')];
const GENERATED_FILE = /\.generated\.ts$/;

function mtimeOrNull(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** True when any file under `dir` (recursively) is newer than `since`. */
function hasNewerFile(rootDir: string, dir: string, since: number): boolean {
  const full = path.join(rootDir, dir);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    const relative = path.join(dir, entry.name);
    if (dir === 'public' && GENERATED_IN_PUBLIC.some((re) => re.test(entry.name))) continue;
    if (GENERATED_DIRS.includes(relative) || GENERATED_FILE.test(entry.name) || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) {
      if (hasNewerFile(rootDir, relative, since)) return true;
    } else if ((mtimeOrNull(path.join(rootDir, relative)) ?? 0) > since) {
      return true;
    }
  }
  return false;
}

export function isExportStale(rootDir: string, outDir: string = path.join(rootDir, 'out')): boolean {
  const stamp = mtimeOrNull(path.join(outDir, EXPORT_STAMP));
  if (stamp === null) return true;
  if (SOURCE_DIRS.some((dir) => hasNewerFile(rootDir, dir, stamp))) return true;
  return SOURCE_FILES.some((file) => (mtimeOrNull(path.join(rootDir, file)) ?? 0) > stamp);
}

/**
 * `npm run build` (scripts/build.ts) runs `build` and then stamps `out/`, so a `npm start` after it serves that export
 * instead of building it again. The stamp carries the build's start time: a file saved during the build still counts
 * as newer next time. The old stamp goes first: a build that fails half-way leaves none, and the next start builds.
 */
export function stampedBuild(outDir: string, build: () => void, now: () => number = Date.now): void {
  const started = now();
  const stamp = path.join(outDir, EXPORT_STAMP);
  rmSync(stamp, { force: true });
  build();
  writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
  utimesSync(stamp, new Date(started), new Date(started));
}

/** The real build, as a person runs it; it writes the stamp itself (scripts/build.ts). */
function npmRunBuild(rootDir: string): void {
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: rootDir,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`npm run build falhou (código ${String(result.status)}).`);
}

/**
 * `npm start` must serve the current front end: rebuild the static export when a source file changed since the
 * last build, so nobody has to remember `npm run build`.
 */
export function ensureExport(
  rootDir: string,
  log: (message: string) => void = console.log,
  build: (rootDir: string) => void = npmRunBuild,
): void {
  if (!isExportStale(rootDir)) return;
  log('Gerando o site estático (npm run build)...');
  build(rootDir);
}
