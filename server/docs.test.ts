import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { envSchema } from './config';

/**
 * The README and docs/ are read by the next engineer before the code: these checks keep them from drifting away
 * from the repository (a folder the map forgets, a script that was renamed, a link or a heading that moved, a setting
 * nobody wrote down).
 */
const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Tracked and new files, without what .gitignore leaves out (node_modules, out/, generated code). */
const repositoryFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && existsSync(path.join(ROOT, file)));

const DOC_PAGES = [
  'README.md',
  ...repositoryFiles.filter((file) => file.startsWith('docs/') && file.endsWith('.md')).sort(),
];

/** Fenced blocks and inline code spans blanked out: a link written as an example is not a link. */
const proseOf = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** The folders holding files, at the top and one level below, as `app/` and `app/painel/`. */
function sourceFolders(): string[] {
  const folders = new Set<string>();
  for (const file of repositoryFiles) {
    const parts = file.split('/');
    if (parts.length >= 2) folders.add(`${parts[0]}/`);
    if (parts.length >= 3) folders.add(`${parts[0]}/${parts[1]}/`);
  }
  return [...folders].sort();
}

/** The README's map: a top-level line `name/   …`, and under it its folders indented by two spaces. */
function foldersOfTheMap(readme: string): string[] {
  const section = readme.split(/^## Map of the repository$/m)[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const folders: string[] = [];
  let top = '';
  for (const line of block.split('\n')) {
    const topLevel = /^(\S+\/)\s/.exec(line);
    const nested = /^ {2}(\S+\/)\s/.exec(line);
    if (topLevel?.[1]) {
      top = topLevel[1];
      folders.push(top);
    } else if (nested?.[1]) {
      folders.push(`${top}${nested[1]}`);
    }
  }
  return folders.sort();
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

describe('the README and docs/', () => {
  it('map every folder of the repository, at the top and one level below, and no folder that is gone', () => {
    const mapped = foldersOfTheMap(read('README.md'));
    expect(mapped.length).toBeGreaterThan(0);
    const folders = sourceFolders();
    expect({ missingFromTheMap: folders.filter((folder) => !mapped.includes(folder)) }).toEqual({
      missingFromTheMap: [],
    });
    expect({ mappedButGone: mapped.filter((folder) => !folders.includes(folder)) }).toEqual({ mappedButGone: [] });
  });

  it('name only npm scripts that package.json has', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const unknown: string[] = [];
    for (const page of [...DOC_PAGES, 'content/README.md']) {
      for (const [, script] of read(page).matchAll(/npm\s+run\s+([a-z][\w:-]*)/g)) {
        if (!(script! in pkg.scripts)) unknown.push(`${page}: npm run ${script}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of DOC_PAGES) {
      for (const [, target] of proseOf(read(page)).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target!)) continue;
        const [file = '', anchor] = target!.split('#');
        const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
        if (!existsSync(path.join(ROOT, resolved))) {
          broken.push(`${page}: ${target} (no file ${resolved})`);
        } else if (anchor && resolved.endsWith('.md') && statSync(path.join(ROOT, resolved)).isFile()) {
          if (!anchorsOf(read(resolved)).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('docs/settings.md', () => {
  const settingsPage = read('docs/settings.md');
  const rowOf = (name: string) =>
    settingsPage.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${name}\``));

  it("lists every setting the API's schema reads, with the schema's default", () => {
    const wrong: string[] = [];
    for (const [name, field] of Object.entries(envSchema.shape)) {
      const row = rowOf(name);
      if (!row) {
        wrong.push(`${name}: missing`);
        continue;
      }
      const fallback = field instanceof z.ZodDefault ? (field.def.defaultValue as unknown) : undefined;
      if (fallback !== undefined && fallback !== '' && !row.includes(`\`${String(fallback)}\``)) {
        wrong.push(`${name}: the default is \`${String(fallback)}\``);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists every variable the web app, the server and the scripts read from the environment', () => {
    const readers = repositoryFiles.filter(
      (file) =>
        file === 'lib/config.ts' ||
        (/^scripts\/[^/]+\.ts$/.test(file) && !file.endsWith('.test.ts')) ||
        (/^server\/.+\.ts$/.test(file) && !file.endsWith('.test.ts') && !file.includes('/test/')),
    );
    const names = new Set<string>();
    for (const file of readers) {
      for (const [, dotted, quoted] of read(file).matchAll(
        /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g,
      )) {
        names.add((dotted ?? quoted)!);
      }
    }
    expect(names.size).toBeGreaterThan(10);
    expect([...names].filter((name) => !rowOf(name)).sort()).toEqual([]);
  });
});
