import type { IncomingHttpHeaders } from 'node:http';
import { decode } from 'next-auth/jwt';
import { env } from '../../config/env';
import { authSecret } from '../../server/config/auth-secret';
import { sessionCookies } from '../_auth/session-cookies';
import type { SessionClaims } from '../_auth/session-user';

/**
 * What the session cookie of a raw Node request says, read without Next (the page gate runs
 * before Next sees the request). The cookie is Auth.js's encrypted JWT, salted with its name, as
 * app/_auth/auth.ts sets it; Auth.js splits a long one into `.0`, `.1`… chunks. Null for no cookie,
 * a forged, garbled or expired one: like any claims, the result is checked against the database
 * (checkedSessionUser) before it is believed.
 */
export async function sessionClaimsFromHeaders(headers: IncomingHttpHeaders): Promise<SessionClaims | null> {
  const name = sessionCookies(env().PUBLIC_BASE_URL).sessionToken.name;
  const cookies = parseCookies(headers.cookie);
  let token = cookies.get(name);
  if (token === undefined) {
    const chunks: string[] = [];
    for (let index = 0; cookies.has(`${name}.${index}`); index++) chunks.push(cookies.get(`${name}.${index}`)!);
    if (chunks.length > 0) token = chunks.join('');
  }
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: authSecret(), salt: name });
    if (!payload?.sub) return null;
    return {
      id: payload.sub,
      role: typeof payload.role === 'string' ? payload.role : undefined,
      traderId: typeof payload.traderId === 'string' ? payload.traderId : null,
      totpEnrolled: Boolean(payload.totpEnrolled),
      sessionVersion: payload.sessionVersion,
    };
  } catch {
    return null;
  }
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    const key = pair.slice(0, equals).trim();
    if (!cookies.has(key)) cookies.set(key, pair.slice(equals + 1).trim());
  }
  return cookies;
}
