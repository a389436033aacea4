import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * What the production image runs: the API, its terminal commands and the nginx printer. Each becomes a .js file in
 * the same place under the output folder (server/main.ts → dist/server/main.js).
 */
export function serverEntryPoints(rootDir: string): string[] {
  const commands = readdirSync(path.join(rootDir, 'server', 'cli'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `server/cli/${name}`);
  return ['server/main.ts', ...commands, 'scripts/nginx.ts'];
}

export interface CompileOptions {
  readonly rootDir: string;
  /** Emptied first: a file that no longer has a source must not be run. */
  readonly outDir: string;
  /** Paths relative to rootDir; serverEntryPoints() by default. */
  readonly entryPoints?: readonly string[];
}

export interface CompiledServer {
  /** Source files turned into JavaScript, relative to rootDir. */
  readonly modules: readonly string[];
  /** The npm packages the compiled code loads, every one a production dependency. */
  readonly packages: readonly string[];
}

const BUILTINS = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; undefined for a relative import or a Node built-in. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return BUILTINS.has(name) ? undefined : name;
}

/** Every file under `dir` the server reads from disk at run time: all but TypeScript and the tests' own files. */
function runtimeAssets(rootDir: string, dir: string): string[] {
  const found: string[] = [];
  if (!existsSync(path.join(rootDir, dir))) return found;
  for (const entry of readdirSync(path.join(rootDir, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'generated') found.push(...runtimeAssets(rootDir, relative));
    } else if (!entry.name.endsWith('.ts')) {
      found.push(relative);
    }
  }
  return found;
}

function copyInto(rootDir: string, outDir: string, relative: string): void {
  const target = path.join(outDir, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(path.join(rootDir, relative), target);
}

/**
 * Compiles the server to CommonJS JavaScript so the production image runs it with plain `node`, without tsx or any
 * dev dependency. Files are transpiled one by one in the same layout, not bundled: the server finds its GraphQL
 * schema, demo photos and content/ relative to its own modules (__dirname), and those files are copied beside them.
 * Refuses when code the entry points reach imports a package that is not in package.json's dependencies, which
 * `npm ci --omit=dev` would leave out of the image, or goes through tsconfig's "@/…" alias.
 */
export async function compileServer(options: CompileOptions): Promise<CompiledServer> {
  const { rootDir, outDir } = options;
  const entryPoints = [...(options.entryPoints ?? serverEntryPoints(rootDir))];

  // A bundle that is never written, only to learn which files and packages the entry points reach.
  const graph = await build({
    absWorkingDir: rootDir,
    entryPoints,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    outdir: outDir,
    logLevel: 'silent',
  });
  const inputs = Object.entries(graph.metafile.inputs);
  const dependencies = new Set(
    Object.keys((JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as PackageJson).dependencies),
  );
  const packages = new Set<string>();
  const missing: string[] = [];
  for (const [file, input] of inputs) {
    for (const imported of input.imports) {
      // Each file keeps its imports as written, and nothing maps tsconfig's "@/…" alias at run time.
      if (imported.original?.startsWith('@/'))
        missing.push(`${file} importa ${imported.original} (use um caminho relativo)`);
      const name = imported.external ? packageOf(imported.path) : undefined;
      if (name === undefined) continue;
      if (dependencies.has(name)) packages.add(name);
      else missing.push(`${file} importa ${name}`);
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `O servidor compilado não acharia estes imports na imagem de produção, que só instala as "dependencies" do ` +
        `package.json (npm ci --omit=dev):\n${[...new Set(missing)].join('\n')}`,
    );
  }

  rmSync(outDir, { recursive: true, force: true });
  const modules = inputs.map(([file]) => file).filter((file) => file.endsWith('.ts'));
  await build({
    absWorkingDir: rootDir,
    entryPoints: modules,
    outbase: '.',
    outdir: outDir,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  // JSON the modules import stays a file that require() reads.
  for (const [file] of inputs) if (file.endsWith('.json')) copyInto(rootDir, outDir, file);
  for (const asset of [...runtimeAssets(rootDir, 'server'), ...runtimeAssets(rootDir, 'content')]) {
    copyInto(rootDir, outDir, asset);
  }
  // The .js files are CommonJS whatever the project's own package.json says of its modules one day.
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  return { modules, packages: [...packages].sort() };
}

interface PackageJson {
  readonly dependencies: Record<string, string>;
}
