import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSchemaSdl } from '../graphql/schema';
import { compileServer } from './compile-server';

const REPO_ROOT = path.resolve(__dirname, '../..');

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'clube-compilado-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/**
 * Runs JavaScript with plain node, as the production image does: no tsx, no Jest transform. The image has its
 * node_modules beside dist/; the repository's stand in for them here.
 */
function plainNode(script: string): { stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['-e', script], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NODE_PATH: path.join(REPO_ROOT, 'node_modules') },
  });
  return { stdout: result.stdout, stderr: result.stderr };
}

describe('the server compiled for the production image', () => {
  it('finds its GraphQL schema and content beside its compiled modules, and leaves tests out', async () => {
    const outDir = path.join(work, 'dist');
    const { modules, packages } = await compileServer({ rootDir: REPO_ROOT, outDir });

    for (const entry of ['server/main.js', 'server/cli/db.js', 'scripts/nginx.js']) {
      expect(existsSync(path.join(outDir, entry))).toBe(true);
    }
    expect(modules.some((file) => file.endsWith('.test.ts'))).toBe(false);
    expect(packages).toEqual(expect.arrayContaining(['fastify', 'kysely', 'mercurius', 'pg']));
    expect(packages).not.toContain('tsx');

    const schema = plainNode(
      `const { loadSchemaSdl } = require(${JSON.stringify(path.join(outDir, 'server/graphql/schema.js'))});` +
        `process.stdout.write(loadSchemaSdl());`,
    );
    expect(schema.stderr).toBe('');
    // The whole schema, every module's SDL and the shared scalars: the same as the sources give.
    expect(schema.stdout).toContain('type Query');
    expect(schema.stdout).toBe(loadSchemaSdl());

    const content = plainNode(
      `const { SEED_CONTENT_DIR } = require(${JSON.stringify(path.join(outDir, 'server/modules/content/seed.js'))});` +
        `process.stdout.write(JSON.stringify(require('node:fs').readdirSync(SEED_CONTENT_DIR, { recursive: true })));`,
    );
    expect(content.stderr).toBe('');
    expect((JSON.parse(content.stdout) as string[]).sort()).toEqual(
      readdirSync(path.join(REPO_ROOT, 'content'), { recursive: true }).sort(),
    );
  });

  it('refuses code that imports a dev dependency, which npm ci --omit=dev leaves out of the image, or an alias', async () => {
    mkdirSync(path.join(work, 'server'));
    writeFileSync(
      path.join(work, 'package.json'),
      JSON.stringify({ dependencies: { zod: '4' }, devDependencies: { typescript: '5' } }),
    );
    writeFileSync(path.join(work, 'server/main.ts'), `import { z } from 'zod';\nexport const s = z.string();\n`);
    writeFileSync(
      path.join(work, 'server/tool.ts'),
      `import ts from 'typescript';\nimport { s } from './main';\nexport const v = [ts.version, s];\n`,
    );
    const outDir = path.join(work, 'dist');

    await expect(compileServer({ rootDir: work, outDir, entryPoints: ['server/tool.ts'] })).rejects.toThrow(
      /server\/tool\.ts importa typescript/,
    );
    // The alias resolves while compiling, through tsconfig, but the compiled file would still ask for "@/…".
    writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths: { '@/*': ['./*'] } } }));
    writeFileSync(path.join(work, 'server/aliased.ts'), `export { s } from '@/server/main';\n`);
    await expect(compileServer({ rootDir: work, outDir, entryPoints: ['server/aliased.ts'] })).rejects.toThrow(
      /server\/aliased\.ts importa @\/server\/main/,
    );
    expect(existsSync(outDir)).toBe(false);

    const compiled = await compileServer({ rootDir: work, outDir, entryPoints: ['server/main.ts'] });
    expect(compiled.packages).toEqual(['zod']);
    expect(existsSync(path.join(outDir, 'server/main.js'))).toBe(true);
  });
});
