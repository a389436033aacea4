import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureExport, EXPORT_STAMP, isExportStale, stampedBuild } from './ensure-export';

const REPO_ROOT = path.resolve(__dirname, '../..');

/** A project with one source file saved a minute ago, and no export yet. */
let root: string;
let outDir: string;
const source = () => path.join(root, 'app', 'page.tsx');
const at = (ms: number) => new Date(ms);
const T0 = Date.now() - 60_000;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'clube-export-'));
  outDir = path.join(root, 'out');
  mkdirSync(path.join(root, 'app'));
  writeFileSync(source(), 'export default function Page() {}\n');
  utimesSync(source(), at(T0), at(T0));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Stands in for codegen and `next build`: writes the export's page, as the real build would. */
const fakeNextBuild = () => {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>');
};

describe('npm run build then npm start', () => {
  it('builds once: the start after a build serves its export', () => {
    stampedBuild(outDir, fakeNextBuild, () => T0 + 1_000);
    expect(isExportStale(root)).toBe(false);

    const startBuilds = jest.fn();
    const log = jest.fn();
    ensureExport(root, log, startBuilds);
    expect(startBuilds).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('builds at start when a source file changed after the build', () => {
    stampedBuild(outDir, fakeNextBuild, () => T0 + 1_000);
    utimesSync(source(), at(T0 + 2_000), at(T0 + 2_000));

    const startBuilds = jest.fn();
    ensureExport(root, () => {}, startBuilds);
    expect(startBuilds).toHaveBeenCalledWith(root);
  });

  it('counts a file saved while the build ran as newer than the export', () => {
    stampedBuild(
      outDir,
      () => {
        fakeNextBuild();
        utimesSync(source(), at(T0 + 1_500), at(T0 + 1_500));
      },
      () => T0 + 1_000,
    );
    expect(readFileSync(path.join(outDir, EXPORT_STAMP), 'utf8')).toBe(`${at(T0 + 1_000).toISOString()}\n`);
    expect(isExportStale(root)).toBe(true);
  });

  it('leaves no stamp when the build fails, so the next start builds again', () => {
    stampedBuild(outDir, fakeNextBuild, () => T0 + 1_000);
    expect(() =>
      stampedBuild(
        outDir,
        () => {
          throw new Error('next build falhou');
        },
        () => T0 + 5_000,
      ),
    ).toThrow('next build falhou');
    expect(existsSync(path.join(outDir, EXPORT_STAMP))).toBe(false);
    expect(isExportStale(root)).toBe(true);
  });

  it('is what `npm run build` runs, and a change to the build script makes the export stale', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['build']).toBe('node --import tsx scripts/build.ts');
    expect(readFileSync(path.join(REPO_ROOT, 'scripts', 'build.ts'), 'utf8')).toContain('stampedBuild(');

    stampedBuild(outDir, fakeNextBuild, () => T0 + 1_000);
    mkdirSync(path.join(root, 'scripts'));
    writeFileSync(path.join(root, 'scripts', 'build.ts'), '// outro passo\n');
    expect(isExportStale(root)).toBe(true);
  });
});
