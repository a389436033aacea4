import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import withPWAInit from 'next-pwa';

/** The build's id, kept by the webpack hook below for the pages' precache revisions. */
let buildId = 'development';

/**
 * Every member page of the export (the pages of app/(private), drafts apart), as the URLs the host serves them at:
 * a dynamic segment is exported once under the placeholder `_` (common/routes.ts), and each page has its RSC payload
 * (`.txt`, `/index.txt` for home) beside it. Read from the folders rather than common/routes.ts, which this file cannot
 * import; e2e/offline.spec.ts opens every tab without signal.
 */
function memberPageUrls(dir = 'app/(private)', path = '') {
  const urls = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) {
      if (entry.name === 'page.tsx') urls.push(path || '/', path ? `${path}.txt` : '/index.txt');
      continue;
    }
    if (entry.name === 'rascunho') continue;
    const segment = /^\[.+\]$/.test(entry.name) ? '_' : entry.name;
    urls.push(...memberPageUrls(join(dir, entry.name), `${path}/${segment}`));
  }
  return urls;
}

/** Entry names of the pages a member's phone never opens: the painel, the kiosk, the public pages and the drafts. */
const NOT_A_MEMBER_ENTRY = /^app\/(painel|\(kiosk\)|\(public\)|\(private\)\/rascunho)\//;

/** The entrypoints that load a chunk, directly or through the lazy imports above it. */
function entrypointsOf(chunk) {
  const names = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    // An entrypoint is where the walk ends: Next makes each page's entry depend on its shared entries, which would
    // make every chunk look loaded by a member's page.
    if (group.isInitial() && group.name) {
      names.add(group.name);
      return;
    }
    for (const parent of group.getParents()) visit(parent);
  };
  for (const group of chunk.groupsIterable) visit(group);
  return names;
}

/**
 * What a member's phone keeps for opening without signal: the member pages (versioned with the build: a new build
 * replaces them, and Workbox deletes what the old one kept) and every chunk and style sheet except those only the
 * painel, the kiosk or the public pages load.
 */
async function memberPrecache(entries, compilation) {
  const staffOnly = new Set();
  for (const chunk of compilation.chunks) {
    const names = entrypointsOf(chunk);
    if (names.size > 0 && [...names].every((name) => NOT_A_MEMBER_ENTRY.test(name))) {
      for (const file of chunk.files) staffOnly.add(`/_next/${file}`);
    }
  }
  const pages = memberPageUrls().map((url) => ({ url, revision: buildId }));
  return { manifest: [...entries.filter((entry) => !staffOnly.has(entry.url)), ...pages], warnings: [] };
}

// The service worker is generated at build time and registered by our own code (lib/pwa), because
// next-pwa's auto-registration does not reach app-router pages.
const withPWA = withPWAInit({
  dest: 'public',
  sw: 'service-worker.js',
  register: false,
  disable: process.env.NODE_ENV === 'development',
  buildExcludes: [/app-build-manifest\.json$/],
  manifestTransforms: [memberPrecache],
  // The offline pages are answered by worker/offline-shell.ts; next-pwa's start-URL cache would keep a second copy.
  cacheStartUrl: false,
  dynamicStartUrl: false,
});

/**
 * Layouts whose modules their pages share, with the chunk names of the routes under each: the root layout's are loaded
 * by every page, a route group's layout's by every page of its group.
 */
const LAYOUTS = [
  // Next loads the root not-found page's chunk on every page too (it is every route's fallback): the packages it
  // shares with the pages (next/link) go with the root, or a page downloaded them twice.
  { name: 'root', entry: 'app/layout', routes: 'app/', everyPage: 'app/not-found' },
  { name: 'private', entry: 'app/(private)/layout', routes: 'app/(private)/' },
  { name: 'public', entry: 'app/(public)/layout', routes: 'app/(public)/' },
  { name: 'kiosk', entry: 'app/(kiosk)/layout', routes: 'app/(kiosk)/' },
];

const isInitial = (chunk) => chunk.canBeInitial();
const chunkName = (chunk) => chunk.name ?? '';
/** What every page loads at first whatever its group: the root layout, and Next's own entries (main-app). */
const loadedByEveryPage = (chunk) =>
  isInitial(chunk) && (chunkName(chunk) === 'app/layout' || !chunkName(chunk).startsWith('app/'));

/**
 * A chunk per layout with the modules that layout shares with its pages (the GraphQL error helpers and Apollo's error
 * classes, the config, the spinner, the current member). The layout and its pages are separate webpack entries, so a
 * module both import was copied into each of them when it was too small for a chunk of its own, and a member page
 * downloaded it twice. Only the pages of the layout's own routes load this chunk; a page elsewhere keeps its copy. A
 * package goes to a route group's chunk only when another group's page loads it at first too (which kept it out of
 * the packages' own chunk) and no chunk every page loads has it already.
 */
function layoutSharedGroups() {
  return Object.fromEntries(
    LAYOUTS.map((layout, index) => {
      const ownRoute = (chunk) => isInitial(chunk) && chunkName(chunk).startsWith(layout.routes);
      const otherGroup = (chunk) => isInitial(chunk) && chunkName(chunk).startsWith('app/(') && !ownRoute(chunk);
      return [
        `${layout.name}LayoutShared`,
        {
          name: `layout-shared-${layout.name}`,
          chunks: ownRoute,
          test(module, { chunkGraph }) {
            if (module.type?.startsWith('css')) return false;
            const chunks = [...chunkGraph.getModuleChunksIterable(module)];
            const inNotFound = chunks.some((chunk) => layout.everyPage && chunk.name === layout.everyPage);
            if (inNotFound) return chunks.some((chunk) => isInitial(chunk) && chunk.name !== layout.everyPage);
            if (!chunks.some((chunk) => chunk.name === layout.entry)) return false;
            if (!/[\\/]node_modules[\\/]/.test(module.nameForCondition?.() ?? '')) return true;
            return chunks.some(otherGroup) && !chunks.some(loadedByEveryPage);
          },
          // Above webpack's default groups, the root layout first: a module of both layouts goes with the root.
          priority: 20 - index,
          minChunks: 2,
          minSize: 0,
          reuseExistingChunk: true,
        },
      ];
    }),
  );
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  basePath: '',
  trailingSlash: false,
  reactStrictMode: true,
  poweredByHeader: false,
  images: { unoptimized: true },
  // jose and the upload link (with extract-files and is-plain-obj) ship ESM only; listing them lets next/jest transpile them.
  transpilePackages: ['jose', 'apollo-upload-client', 'extract-files', 'is-plain-obj'],
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: true },
  webpack: (config, { isServer, dev, buildId: id }) => {
    buildId = id;
    // The root layout, the route group's layout and the page are separate webpack entries, so code they share (the
    // route table, the session store, Apollo's hooks) goes to a common chunk only when that chunk would weigh 20 kB
    // (Next's minSize); smaller groups were copied into each entry, and a member page downloaded the same modules two
    // or three times. 8 kB measured best: every page lighter, with fewer tiny chunks than no minimum at all.
    const splitChunks = config.optimization?.splitChunks;
    if (!isServer && !dev && splitChunks) {
      splitChunks.minSize = 8000;
      splitChunks.cacheGroups = { ...splitChunks.cacheGroups, ...layoutSharedGroups() };
    }
    return config;
  },
};

export default withPWA(nextConfig);
