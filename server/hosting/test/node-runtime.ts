import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The Node.js release the production shape is tested on: the line the project documents and its Dockerfile builds
 * on (node:24-bookworm-slim), pinned so every run tests the same binary.
 */
export const NODE_RUNTIME_VERSION = '24.21.0';

/**
 * The npm registry's package with the binary (bin/node) and the headers (include/node) of a Node.js release for
 * one platform: the `node` package installs the one of the machine it runs on.
 */
export function nodeRuntimePackage(platform: string = process.platform, arch: string = process.arch): string {
  // The Windows packages hold node.exe at their root, not bin/node; the production shape runs on Linux only.
  if (platform === 'win32') throw new Error('O Node da forma de produção é buscado só para Linux e macOS.');
  return `node-${platform}-${arch}`;
}

/**
 * The path of the `version` binary, fetched once from the npm registry (`npm pack`, no other host needed) into
 * node_modules/.cache/node-runtime, where npm install leaves it: a machine with only Node 20 still tests the API on
 * the documented Node. Unpacked into a sibling folder and renamed into place, so a run that stops half-way or runs
 * beside another never leaves a partial binary behind.
 */
export function ensureNodeRuntime(rootDir: string, version: string = NODE_RUNTIME_VERSION): string {
  const packageName = nodeRuntimePackage();
  const cacheDir = path.join(rootDir, 'node_modules', '.cache', 'node-runtime');
  const dir = path.join(cacheDir, `${packageName}-${version}`);
  const binary = path.join(dir, 'bin', 'node');
  if (!existsSync(binary)) {
    console.info(`Buscando o Node ${version} no registro npm (${packageName}), uma vez por máquina…`);
    mkdirSync(cacheDir, { recursive: true });
    const partial = mkdtempSync(path.join(cacheDir, '.partial-'));
    try {
      const packed = JSON.parse(
        execFileSync('npm', ['pack', `${packageName}@${version}`, '--pack-destination', partial, '--json'], {
          cwd: partial,
          encoding: 'utf8',
          // npm lists every file of the package on stderr; a failure's message carries it.
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      ) as { filename: string }[];
      const tarball = path.join(partial, packed[0]!.filename);
      execFileSync('tar', ['-xzf', tarball, '-C', partial, '--strip-components=1'], { stdio: 'inherit' });
      rmSync(tarball);
      try {
        renameSync(partial, dir);
      } catch (error) {
        // Another run put the same release in place first; its copy is as good as this one.
        if (!existsSync(binary)) throw error;
      }
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${binary} diz ser ${reported}, não v${version}.`);
  return binary;
}
