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
  // jose ships ESM only; listing it lets next/jest transpile it for the unit tests.
  transpilePackages: ['jose'],
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: true },
};

export default withPWA(nextConfig);
