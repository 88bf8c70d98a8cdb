/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and WASM packages are loaded by Node at run time rather than bundled: PGlite ships its
  // own WASM and data files, argon2 a native binary, and the one PGlite instance must be shared
  // (through globalThis) between the custom server and Next's route handlers.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'sharp'],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  experimental: {
    // The trader dashboard's proof upload (a server action): up to 3 images of 5 MB each, plus the
    // multipart overhead. The proxy (proxy.ts) buffers bodies too, so its limit matches.
    serverActions: { bodySizeLimit: '16mb' },
    proxyClientMaxBodySize: '16mb',
  },
};

export default nextConfig;
