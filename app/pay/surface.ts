/**
 * The root layout renders two page families: the developer site (header, footer, English) and the
 * buyer's checkout, which is the merchant's page (no site chrome, the buyer's language). proxy.ts
 * sets this request header from the path, overwriting whatever the client sent, and the root
 * layout reads it (docs/architecture.md, "The checkout's layout").
 */
export const SURFACE_HEADER = 'x-corridor-surface';

export type Surface = 'site' | 'checkout' | 'console';

/** `console`: the consoles and the sign-in page, site pages in the user's language (the toggle's cookie, else the browser's). */
export const surfaceOf = (pathname: string): Surface =>
  /^\/pay\/[^/]+\/?$/.test(pathname) ? 'checkout' : /^\/(operator|merchant|trader|sign-in)(\/|$)/.test(pathname) ? 'console' : 'site';
