import { NextResponse, type NextRequest } from 'next/server';

/**
 * Security headers of every page (docs/security.md, "The API's perimeter"). The nonce is fresh per request: Next
 * reads it back from the request's Content-Security-Policy header and puts it on its own scripts,
 * which is why pages render dynamically.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const https = cameOverHttps(request);
  const csp = contentSecurityPolicy(nonce, https);

  // Overwritten, never appended: a client must not be able to choose the nonce.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  response.headers.set('X-Content-Type-Options', 'nosniff');
  // The checkout URL carries a bearer token; no page may leak it through Referer.
  response.headers.set('Referrer-Policy', 'no-referrer');
  if (https) {
    // Sent only over https: browsers ignore it on http, and a plain-http local start must stay usable.
    response.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  }
  return response;
}

function contentSecurityPolicy(nonce: string, https: boolean): string {
  // React's development build reconstructs server error stacks with eval; production never needs it.
  const devEval = process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${devEval}`,
    // Next and React set inline style attributes; styles cannot run code, scripts can.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    // The alerts service worker (public/alerts-sw.js, docs/alerts.md "Web push") and nothing else.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Over plain http (a local start) the upgrade would point subresources at a port with no TLS.
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

function cameOverHttps(request: NextRequest): boolean {
  // Behind a TLS-terminating reverse proxy the URL says http; the first hop's header tells the truth.
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https' || request.nextUrl.protocol === 'https:';
}

export const config = {
  matcher: [
    /*
     * Everything except:
     * - /api/v1 and /api/v1/...: the merchant REST API, served by its own adapter, which must need
     *   no Next middleware (docs/architecture.md, "Serving"); `npm start` never hands it to Next anyway.
     * - _next/static, _next/image: build assets and optimised images carry no HTML.
     * - favicon.ico
     */
    '/((?!api/v1(?:/|$)|_next/static|_next/image|favicon\\.ico).*)',
  ],
};
