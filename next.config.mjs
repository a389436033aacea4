import withPWAInit from 'next-pwa';

// The service worker is generated at build time and registered by our own code (lib/pwa), because
// next-pwa's auto-registration does not reach app-router pages.
const withPWA = withPWAInit({
  dest: 'public',
  sw: 'service-worker.js',
  register: false,
  disable: process.env.NODE_ENV === 'development',
  buildExcludes: [/app-build-manifest\.json$/],
});

/**
 * Layouts whose modules their pages share, with the chunk names of the routes under each: the root layout's are loaded
 * by every page, a route group's layout's by every page of its group.
 */
const LAYOUTS = [
  { name: 'root', entry: 'app/layout', routes: 'app/' },
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
  webpack: (config, { isServer, dev }) => {
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
