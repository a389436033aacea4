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
    if (!isServer && !dev && splitChunks) splitChunks.minSize = 8000;
    return config;
  },
};

export default withPWA(nextConfig);
