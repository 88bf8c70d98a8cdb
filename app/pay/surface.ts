/**
 * The root layout renders two page families: the developer site (header, footer, English) and the
 * buyer's checkout, which is the merchant's page (no site chrome, the buyer's language). proxy.ts
 * sets this request header from the path, overwriting whatever the client sent, and the root
 * layout reads it (docs/architecture.md, "The checkout's layout").
 */
export const SURFACE_HEADER = 'x-corridor-surface';

export type Surface = 'site' | 'checkout';

export const surfaceOf = (pathname: string): Surface => (/^\/pay\/[^/]+\/?$/.test(pathname) ? 'checkout' : 'site');
