import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript budget per route, gzip, from the build's own manifest: the root layout, the route group's
 * layout and the page, with every chunk counted once. Members open the club on a phone with a weak signal, so a
 * route that grows past its budget fails the test run instead of shipping quietly.
 */
const BUDGET_KB = { default: 280, public: 250 } as const;

interface Manifest {
  pages: Record<string, string[]>;
}

const nextDir = path.join(process.cwd(), '.next');
const manifest = JSON.parse(readFileSync(path.join(nextDir, 'app-build-manifest.json'), 'utf8')) as Manifest;
const sizes = new Map<string, number>();
const gzipKb = (file: string): number => {
  let size = sizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(nextDir, file))).length / 1024;
    sizes.set(file, size);
  }
  return size;
};

/**
 * Code that must never be in a first load (it is loaded lazily, after the page is interactive or on demand): the
 * session-security component (its incognito detector and its handshake with the receiver) and the barcode scanner.
 * Each is found by a string that survives minification.
 */
const LAZY_ONLY = [
  { what: 'componente de segurança da sessão', marker: 'detectIncognito' },
  { what: 'componente de segurança da sessão', marker: '/seguranca/login' },
  { what: 'leitor de código de barras', marker: 'NotFoundException' },
] as const;
const texts = new Map<string, string>();
const textOf = (file: string): string => {
  let text = texts.get(file);
  if (text === undefined) {
    text = readFileSync(path.join(nextDir, file), 'utf8');
    texts.set(file, text);
  }
  return text;
};
const eager: string[] = [];

const rows: { route: string; kb: number; budget: number }[] = [];
for (const [entry, files] of Object.entries(manifest.pages)) {
  if (!entry.endsWith('/page')) continue;
  // The route group's layout: (private) pages are the member's; (public) and (kiosk) pages are opened cold.
  const groupName = /^\/\(([a-z]+)\)\//.exec(entry)?.[1] ?? null;
  const group = groupName ? `/(${groupName})/layout` : null;
  const all = new Set([
    ...(manifest.pages['/layout'] ?? []),
    ...(group ? (manifest.pages[group] ?? []) : []),
    ...files,
  ]);
  const kb = [...all].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
  const route = entry.replace(/\/page$/, '').replace(/\/\([a-z]+\)/, '') || '/';
  for (const { what, marker } of LAZY_ONLY) {
    if ([...all].some((f) => f.endsWith('.js') && textOf(f).includes(marker))) eager.push(`${route}: ${what}`);
  }
  const isPublic = groupName !== null && groupName !== 'private';
  rows.push({ route, kb, budget: isPublic ? BUDGET_KB.public : BUDGET_KB.default });
}

rows.sort((a, b) => b.kb - a.kb);
const over = rows.filter((r) => r.kb > r.budget);
for (const r of rows.slice(0, 5)) console.log(`${r.route.padEnd(40)} ${r.kb.toFixed(1)} kB (orçamento ${r.budget} kB)`);
const login = rows.find((r) => r.route === '/login');
if (login) console.log(`/login: ${login.kb.toFixed(1)} kB gzip`);
// The component's own chunks, loaded after the page is interactive: what it costs a phone, reported, not budgeted.
const chunkDir = path.join(nextDir, 'static', 'chunks');
const componentKb = readdirSync(chunkDir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `static/chunks/${f}`)
  .filter((f) => LAZY_ONLY.slice(0, 2).some(({ marker }) => textOf(f).includes(marker)))
  .reduce((sum, f) => sum + gzipKb(f), 0);
console.log(`Segurança da sessão, carregada depois da página: ${componentKb.toFixed(1)} kB gzip`);
if (eager.length > 0) {
  console.error(`Código que só pode carregar depois, na primeira carga: ${[...new Set(eager)].join(', ')}`);
  process.exit(1);
}
if (over.length > 0) {
  console.error(
    `Rotas acima do orçamento de JavaScript: ${over.map((r) => `${r.route} ${r.kb.toFixed(1)} kB`).join(', ')}`,
  );
  process.exit(1);
}
console.log(`Orçamento de JavaScript: ${rows.length} rotas dentro do limite.`);
