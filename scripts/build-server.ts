import path from 'node:path';
import { compileServer } from '../server/build/compile-server';

/**
 * `npm run build:server`: the server as JavaScript in dist/ (dist/server/main.js, the commands in dist/server/cli/,
 * dist/scripts/nginx.js), what the production image runs with plain `node`.
 */
const started = Date.now();
compileServer({ rootDir: process.cwd(), outDir: path.resolve('dist') }).then(
  ({ modules, packages }) => {
    console.info(
      `dist/: ${modules.length} módulos compilados em ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `pacotes usados (todos em "dependencies"): ${packages.join(', ')}`,
    );
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
