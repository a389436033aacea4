/**
 * Jest 30 cannot require() ESM-only packages on Node 20 (it needs Node 24.9+), and next/jest never transforms
 * node_modules. The API reaches four such packages: jose, cookie (light-my-request, behind app.inject),
 * content-disposition (inside mercurius's own @fastify/static) and marked. Each is bundled to CommonJS with esbuild (a
 * dev dependency) and handed to Jest as that module, so the tests still run the real library code. Import this file
 * first in every API test file.
 *
 * The bundles are kept in the system's temporary folder, named by the package's version and entry file: bundling the
 * four in every test file cost about half a second of CPU and four esbuild processes, for each of ~300 files a run.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';

const CACHE_DIR = path.join(tmpdir(), 'clube-esm-shims');

function bundle(entry: string): string {
  const result = buildSync({
    entryPoints: [entry],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The package.json that names the package `entry` belongs to (a package's own `dist/esm/package.json` names none). */
function packageManifest(entry: string): string {
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name) return manifest;
  }
  throw new Error(`no package.json above ${entry}`);
}

/**
 * The bundle of `entry`, from the cache when a file of this run or an earlier one made it from the same entry and
 * package version (npm gives every installed file the same date, so dates say nothing).
 */
function cachedBundle(entry: string): string {
  const key = createHash('sha256')
    .update(entry)
    .update(readFileSync(entry))
    .update(readFileSync(packageManifest(entry)))
    .digest('hex')
    .slice(0, 24);
  const file = path.join(CACHE_DIR, `${key}.cjs`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const code = bundle(entry);
    mkdirSync(CACHE_DIR, { recursive: true });
    // Two Jest workers may make the same bundle at once: each writes its own file and renames it into place.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, code);
    renameSync(partial, file);
    return code;
  }
}

function bundleAsCommonJs(entry: string): unknown {
  const cjsModule = { exports: {} as unknown };
  // Evaluates the bundle esbuild produced, as Node's CommonJS wrapper would.
  new Function('module', 'exports', 'require', cachedBundle(entry))(cjsModule, cjsModule.exports, require);
  return cjsModule.exports;
}

const mercuriusDir = path.dirname(require.resolve('mercurius/package.json'));
const mercuriusStatic = path.dirname(require.resolve('@fastify/static/package.json', { paths: [mercuriusDir] }));
const fastifyDir = path.dirname(require.resolve('fastify/package.json'));
const lightMyRequestDir = path.dirname(require.resolve('light-my-request', { paths: [fastifyDir] }));
const esmOnlyEntries = [
  require.resolve('jose'),
  // Reached through the packages that depend on them, which the club does not import itself.
  require.resolve('cookie', { paths: [lightMyRequestDir] }),
  require.resolve('content-disposition', { paths: [mercuriusStatic] }),
  // marked (rich text of the club content) ships only as ESM.
  require.resolve('marked'),
];

for (const entry of esmOnlyEntries) jest.doMock(entry, () => bundleAsCommonJs(entry));
