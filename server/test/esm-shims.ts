/**
 * Jest 30 cannot require() ESM-only packages on Node 20 (it needs Node 24.9+), and next/jest never transforms
 * node_modules. The API reaches three such packages: jose, cookie (light-my-request, behind app.inject) and
 * content-disposition (inside mercurius's own @fastify/static). Each is bundled to CommonJS with esbuild (a dev
 * dependency) and handed to Jest as that module, so the tests still run the real library code. Import this file
 * first in every API test file.
 */
import path from 'node:path';
import { buildSync } from 'esbuild';

function bundleAsCommonJs(entry: string): unknown {
  const result = buildSync({
    entryPoints: [entry],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const cjsModule = { exports: {} as unknown };
  // Evaluates the bundle esbuild just produced, as Node's CommonJS wrapper would.
  new Function('module', 'exports', 'require', code)(cjsModule, cjsModule.exports, require);
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
