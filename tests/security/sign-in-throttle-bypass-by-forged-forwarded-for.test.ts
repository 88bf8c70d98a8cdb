import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../server/audit';
import { signInWithPassword } from '../../server/auth/sign-in';
import { isDomainError } from '../../server/errors';
import { clientAddressOf, parseTrustedProxies, stampClientAddress, type TrustedProxies } from '../../server/http/client-address';
import { createOperator } from '../../server/users/create-operator';
import { createTestDatabase, type TestDatabase } from '../db/test-database';

/**
 * An attacker guessing a password sends a different X-Forwarded-For (or a forged
 * x-corridor-client-ip) with every attempt, so that each looks like it comes from a new address
 * and the per-address throttling never starts. Corridor takes the address from the socket and
 * believes X-Forwarded-For only from the proxies in TRUST_PROXY, and replaces any client-sent
 * x-corridor-client-ip; the guesses all count against the attacker's one real address.
 *
 * The server here is built like scripts/serve.ts: stampClientAddress first, then a Web-standard
 * handler behind @hono/node-server (as the REST adapter), over real HTTP.
 */
let database: TestDatabase;
const password = 'correct horse battery staple';

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** What the Node side of the last request saw (Next reads `req.headers`, the REST adapter `rawHeaders`). */
let nodeSaw: string | string[] | undefined;

async function signInServer(trusted: TrustedProxies): Promise<{ url: string; server: Server }> {
  // Every guess at one instant: the back-off after the 5th failure (1 s) must not run out between
  // guesses on a slow machine, or a guess would count instead of being held back.
  const now = new Date();
  const handler = getRequestListener(
    async (request) => {
      const { email, password: given } = (await request.json()) as { email: string; password: string };
      const ip = clientAddressOf(request.headers);
      const code = await signInWithPassword(database.db, { input: { email, password: given, ip }, now }).then(
        () => 'OK',
        (error: unknown) => (isDomainError(error) ? error.code : 'ERROR'),
      );
      return Response.json({ code, ip });
    },
    { overrideGlobalObjects: false },
  );
  const server = createServer((req, res) => {
    stampClientAddress(req, trusted);
    nodeSaw = req.headers['x-corridor-client-ip'];
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function attempt(url: string, email: string, given: string, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ email, password: given }) });
  return (await response.json()) as { code: string; ip: string };
}

describe('an attacker rotates X-Forwarded-For and forges x-corridor-client-ip on every guess: all guesses count against their real address', () => {
  it('without a trusted proxy, the socket address is the address: guesses 6 and on are held back', async () => {
    const { email } = await createOperator(database.db, { email: 'spoofed-direct@test.local', password, displayName: 'Target' }, cliActor);
    const { url, server } = await signInServer(parseTrustedProxies(undefined));
    try {
      const results = [];
      for (let i = 0; i < 8; i += 1) {
        results.push(await attempt(url, email, 'a wrong guess here', { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-corridor-client-ip': `192.0.2.${i + 1}` }));
      }
      expect(new Set(results.map((result) => result.ip))).toEqual(new Set(['127.0.0.1']));
      expect(nodeSaw).toBe('127.0.0.1');
      expect(results.map((result) => result.code)).toEqual([...Array(5).fill('INVALID_CREDENTIALS'), ...Array(3).fill('SIGN_IN_THROTTLED')]);
    } finally {
      server.close();
    }
  });

  it('behind a trusted proxy, only the hop the proxy appended counts; what the client wrote to its left is ignored', async () => {
    const { email } = await createOperator(database.db, { email: 'spoofed-proxied@test.local', password, displayName: 'Target' }, cliActor);
    const { url, server } = await signInServer(parseTrustedProxies('127.0.0.1'));
    try {
      const results = [];
      for (let i = 0; i < 8; i += 1) {
        // The proxy appends the attacker's real address (203.0.113.66) to whatever they sent.
        results.push(await attempt(url, email, 'a wrong guess here', { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.66`, 'x-corridor-client-ip': `192.0.2.${i + 1}` }));
      }
      expect(new Set(results.map((result) => result.ip))).toEqual(new Set(['203.0.113.66']));
      expect(results.map((result) => result.code)).toEqual([...Array(5).fill('INVALID_CREDENTIALS'), ...Array(3).fill('SIGN_IN_THROTTLED')]);
      // The owner behind the same proxy, from their own address, is not held back.
      expect(await attempt(url, email, password, { 'x-forwarded-for': '203.0.113.10' })).toEqual({ code: 'OK', ip: '203.0.113.10' });
    } finally {
      server.close();
    }
  });
});
