/**
 * Headers of every response Next sends, whatever produced it: pages, its own 404 and error pages,
 * build assets under /_next/static, /favicon.ico (docs/security.md). proxy.ts adds each page's
 * nonce-based Content-Security-Policy but does not run for static files, so the framing ban is
 * stated here on its own (X-Frame-Options everywhere, and a policy that loads and frames nothing
 * on the paths the proxy skips); a page's own policy is never replaced or joined by a second one.
 */
export const everyResponseHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  // The checkout URL carries a bearer token; no response may leak it through Referer.
  { key: 'Referrer-Policy', value: 'no-referrer' },
];

/** The paths proxy.ts skips (its matcher): nothing else gives them a Content-Security-Policy. */
export const proxySkippedPaths = ['/_next/static/:path*', '/_next/image', '/_next/image/:path*', '/favicon.ico'];

/** True for the build `npm start` makes when needed; false for `npm run build` (releases) and `next dev`. */
const startBuild = process.env.CORRIDOR_START_BUILD === '1';

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    return [
      // '/(.*)' rather than '/:path*': Next matches sources strictly, and '/:path*' misses '/'.
      { source: '/(.*)', headers: everyResponseHeaders },
      ...proxySkippedPaths.map((source) => ({
        source,
        headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }],
      })),
    ];
  },
  // Native and WASM packages are loaded by Node at run time rather than bundled: PGlite ships its
  // own WASM and data files, argon2 a native binary, and the one PGlite instance must be shared
  // (through globalThis) between the custom server and Next's route handlers. pdfmake's PDFKit
  // reads its standard fonts' metrics from files beside its own code, which a bundle leaves behind.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'sharp', 'pdfmake', 'pdfkit'],
  // The build `npm start` makes when needed (scripts/build-if-needed.ts sets CORRIDOR_START_BUILD)
  // compiles without checking types: `npm run typecheck` does that in CI on every change, and it
  // doubled a newcomer's first start. `npm run build`, the release build, still checks them.
  typescript: { ignoreBuildErrors: startBuild },
  poweredByHeader: false,
  // The custom server compresses pages itself, Brotli first (server/http/compress-pages.ts); Next's
  // own compression knows only gzip. `next dev` answers uncompressed.
  compress: false,
  reactStrictMode: true,
  typedRoutes: false,
  experimental: {
    // A page's code loads on the page's first request, not every page's at start (Next's default):
    // a node holds the pages it serves. Preloading all of them kept about 25 MB more on the heap of every
    // server, one that serves only the API and the dashboards' calls too, to save each page's first
    // visit some 100-250 ms once (docs/performance.md, "Memory").
    preloadEntriesOnStart: false,
    // Each page family has its own root layout (docs/architecture.md, "Page families"), so an
    // address no route matches is answered by app/global-not-found.tsx.
    globalNotFound: true,
    // The trader dashboard's proof upload (a server action): up to 3 images of 5 MB each, plus the
    // multipart overhead. The proxy (proxy.ts) buffers bodies too, so its limit matches.
    serverActions: { bodySizeLimit: '16mb' },
    proxyClientMaxBodySize: '16mb',
    // `npm start`'s build keeps no Turbopack cache on disk: writing it (over 100 MB) made a first
    // start on a busy machine about twice as long (npm run measure:first-start), and only a later
    // rebuild would gain from it.
    turbopackFileSystemCacheForBuild: !startBuild,
    // Production builds (`next build` runs with NODE_ENV=production) write no source maps: the
    // server runs under tsx, which turns Node's source maps on for the whole process (for our
    // TypeScript's stack traces), and Node then reads and keeps the map of every server bundle it
    // loads, about 48 MB of heap once the pages had been served, where `next start` keeps none
    // (docs/performance.md, "Memory"). The browser's bundles have none in production anyway
    // (Next's default); `next dev` keeps its maps.
    turbopackSourceMaps: process.env.NODE_ENV !== 'production',
  },
};

export default nextConfig;
