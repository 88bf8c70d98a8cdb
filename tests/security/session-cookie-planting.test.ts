import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The dashboard's public address decides the cookie's name; it is read once, when auth.ts loads.
vi.hoisted(() => {
  process.env.PUBLIC_BASE_URL = 'https://pay.corridor.test';
});

import { handlers } from '../../app/_auth/auth';
import { apiDatabase } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { traderWithBalance } from '../fixtures/parties';

let database: TestDatabase;
beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

const origin = 'https://pay.corridor.test';
type AuthRequest = Parameters<typeof handlers.GET>[0];
const cookiePairs = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');

describe('an attacker who controls a sibling subdomain plants or overwrites the session cookie (cookie tossing); over https Corridor names it __Host-, which browsers accept only from this host, Secure, for Path=/', () => {
  it('a password sign-in sets __Host-authjs.session-token (Secure, HttpOnly, SameSite=Lax, Path=/, no Domain), and the session is read back from it', async () => {
    const trader = await traderWithBalance(database.db, '0');
    const csrf = await handlers.GET(new Request(`${origin}/api/auth/csrf`) as AuthRequest);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = await handlers.POST(
      new Request(`${origin}/api/auth/callback/credentials`, {
        method: 'POST',
        body: new URLSearchParams({ email: trader.email, password: 'correct horse battery', csrfToken, callbackUrl: `${origin}/` }),
        headers: { cookie: cookiePairs(csrf), 'content-type': 'application/x-www-form-urlencoded' },
      }) as AuthRequest,
    );
    const session = signIn.headers.getSetCookie().find((cookie) => cookie.includes('session-token'));
    expect(session).toMatch(/^__Host-authjs\.session-token=/);
    const attributes = session!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'secure', 'httponly', 'samesite=lax']));
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);

    const read = await handlers.GET(new Request(`${origin}/api/auth/session`, { headers: { cookie: session!.split(';')[0]! } }) as AuthRequest);
    expect(((await read.json()) as { user?: { email?: string } }).user?.email).toBe(trader.email);
  });
});
