import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript budget per route, gzip, from the build's own manifest: the root layout, the route group's
 * layout and the page, with every chunk counted once. Members open the club on a phone with a weak signal, so a
 * route that grows past its budget fails the test run instead of shipping quietly. Pages opened cold (the public and
 * kiosk groups) get the smaller budget: they are the first thing a new member downloads.
 */
const BUDGET_KB = { member: 202, public: 150, painel: 300 } as const;

/**
 * The painel (/painel) is the staff's, on an office computer: the members' budgets do not apply, its own keeps it
 * reasonable. Nothing of it may ride in a member's or visitor's first load: its token key is in every painel first
 * load and must be in no other.
 */
const PAINEL_MARKER = 'CD_STAFF_TOKEN';
const isPainelEntry = (entry: string) => entry === '/painel/page' || entry.startsWith('/painel/');

/**
 * Code that must never be in a first load: the session-security component (FingerprintJS, the incognito detector,
 * its handshake with the receiver) loads once the page is idle, the barcode scanner (ZXing) when the member opens it.
 * Each is found by a string of its own code that survives minification. A marker no chunk of the build holds any more
 * fails the run too: a library upgrade that changed it would otherwise turn the check off silently.
 */
const LAZY_ONLY = [
  { what: 'FingerprintJS', marker: 'mmMwWLliI0O&1', deviceSession: true },
  { what: 'detectincognitojs', marker: 'detectIncognito cannot determine the browser', deviceSession: true },
  { what: 'handshake da sessão de segurança', marker: '/seguranca/login', deviceSession: true },
  { what: 'leitor de código de barras (ZXing)', marker: 'No MultiFormat Readers were able to detect the code.' },
] as const;

interface Manifest {
  pages: Record<string, string[]>;
}

const nextDir = path.join(process.cwd(), '.next');
const manifest = JSON.parse(readFileSync(path.join(nextDir, 'app-build-manifest.json'), 'utf8')) as Manifest;
const texts = new Map<string, string>();
const textOf = (file: string): string => {
  let text = texts.get(file);
  if (text === undefined) {
    text = readFileSync(path.join(nextDir, file), 'utf8');
    texts.set(file, text);
  }
  return text;
};
const sizes = new Map<string, number>();
const gzipKb = (file: string): number => {
  let size = sizes.get(file);
  if (size === undefined) {
    size = gzipSync(textOf(file)).length / 1024;
    sizes.set(file, size);
  }
  return size;
};

// Every chunk of the build, first-load or lazy, to find where the lazy-only code went.
const allChunks = (readdirSync(path.join(nextDir, 'static', 'chunks'), { recursive: true }) as string[])
  .filter((f) => f.endsWith('.js'))
  .map((f) => path.join('static', 'chunks', f));
const holding = (marker: string) => allChunks.filter((f) => textOf(f).includes(marker));
const stale = LAZY_ONLY.filter(({ marker }) => holding(marker).length === 0);
// The session-security component's own chunks, loaded after the page is idle: what it costs a phone, reported per
// route whose first load asks webpack for them by chunk id (`r.e(8491)`, from lib/device-session/start.ts).
const deviceSessionChunks = [
  ...new Set(LAZY_ONLY.filter((l) => 'deviceSession' in l).flatMap(({ marker }) => holding(marker))),
];
const deviceSessionKb = deviceSessionChunks.reduce((sum, f) => sum + gzipKb(f), 0);
const deviceSessionIds = deviceSessionChunks.flatMap((f) => /\.push\(\[\[(\d+)\]/.exec(textOf(f))?.[1] ?? []);
const loadsDeviceSession = (files: string[]) =>
  deviceSessionIds.length > 0 &&
  deviceSessionIds.every((id) => files.some((f) => new RegExp(`\\.e\\(${id}\\)`).test(textOf(f))));

const rows: {
  route: string;
  kb: number;
  budget: number;
  eager: string[];
  deviceSession: boolean;
  painel: boolean;
  holdsPainel: boolean;
}[] = [];
for (const [entry, files] of Object.entries(manifest.pages)) {
  if (!entry.endsWith('/page')) continue;
  // The route group's layout: (private) pages are the member's; (public) and (kiosk) pages are opened cold.
  const groupName = /^\/\(([a-z]+)\)\//.exec(entry)?.[1] ?? null;
  const group = groupName ? `/(${groupName})/layout` : null;
  const painel = isPainelEntry(entry);
  // A painel page also loads the layouts between the root and it (/painel, its route group).
  const painelLayouts = painel
    ? Object.keys(manifest.pages).filter(
        (key) => key.endsWith('/layout') && key !== '/layout' && entry.startsWith(key.replace(/layout$/, '')),
      )
    : [];
  const all = [
    ...new Set([
      ...(manifest.pages['/layout'] ?? []),
      ...(group ? (manifest.pages[group] ?? []) : []),
      ...painelLayouts.flatMap((key) => manifest.pages[key] ?? []),
      ...files,
    ]),
  ].filter((f) => f.endsWith('.js'));
  const kb = all.reduce((sum, f) => sum + gzipKb(f), 0);
  const route = entry.replace(/\/page$/, '').replace(/\/\([a-z]+\)/, '') || '/';
  const isPublic = !painel && groupName !== null && groupName !== 'private';
  const eager = LAZY_ONLY.filter(({ marker }) => all.some((f) => textOf(f).includes(marker))).map((l) => l.what);
  rows.push({
    route,
    kb,
    budget: painel ? BUDGET_KB.painel : isPublic ? BUDGET_KB.public : BUDGET_KB.member,
    eager,
    deviceSession: loadsDeviceSession(all),
    painel,
    holdsPainel: all.some((f) => textOf(f).includes(PAINEL_MARKER)),
  });
}

rows.sort((a, b) => b.kb - a.kb);
for (const r of rows) {
  const later = r.deviceSession
    ? `segurança da sessão depois: ${deviceSessionKb.toFixed(1)} kB`
    : 'sem segurança da sessão';
  console.log(`${r.route.padEnd(40)} ${r.kb.toFixed(1).padStart(6)} kB (orçamento ${r.budget} kB; ${later})`);
}
const largest = (budget: number) => Math.max(...rows.filter((r) => r.budget === budget).map((r) => r.kb));
console.log(
  `Maior página pública: ${largest(BUDGET_KB.public).toFixed(1)} kB; maior página de membro: ` +
    `${largest(BUDGET_KB.member).toFixed(1)} kB; /login: ${rows.find((r) => r.route === '/login')?.kb.toFixed(1)} kB; ` +
    `maior página do painel: ${largest(BUDGET_KB.painel).toFixed(1)} kB`,
);
console.log(
  `Segurança da sessão, carregada depois da página (${deviceSessionChunks.length} arquivos): ` +
    `${deviceSessionKb.toFixed(1)} kB gzip`,
);

const failures: string[] = [];
const over = rows.filter((r) => r.kb > r.budget);
if (over.length > 0) {
  failures.push(
    `Rotas acima do orçamento de JavaScript: ${over.map((r) => `${r.route} ${r.kb.toFixed(1)} kB`).join(', ')}`,
  );
}
for (const r of rows.filter((row) => row.eager.length > 0)) {
  failures.push(`Código que só pode carregar depois, na primeira carga de ${r.route}: ${r.eager.join(', ')}`);
}
for (const r of rows.filter((row) => !row.painel && row.holdsPainel)) {
  failures.push(`Código do painel na primeira carga de ${r.route}, uma página de membro ou pública`);
}
if (!rows.some((row) => row.painel && row.holdsPainel)) {
  failures.push(
    `Nenhuma página do painel contém a marca ${PAINEL_MARKER}: atualize PAINEL_MARKER em scripts/bundle-budget.ts`,
  );
}
if (stale.length > 0) {
  failures.push(
    `Nenhum arquivo do build contém a marca de ${stale.map((l) => l.what).join(', ')}: atualize LAZY_ONLY em scripts/bundle-budget.ts`,
  );
}
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
console.log(`Orçamento de JavaScript: ${rows.length} rotas dentro do limite, sem coleta nem leitor na primeira carga.`);
