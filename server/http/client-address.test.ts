import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { clientAddressFrom, clientAddressOf, parseTrustedProxies, stampClientAddress } from './client-address';

const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, ::1, fd00::/8');

describe('clientAddressFrom: the socket peer, then X-Forwarded-For right to left while the hop is a trusted proxy', () => {
  it.each([
    // [what, peer, X-Forwarded-For, expected]
    ['no proxy: the peer', '203.0.113.5', undefined, '203.0.113.5'],
    ['an untrusted peer: its header is ignored', '203.0.113.5', '1.2.3.4', '203.0.113.5'],
    ['an untrusted peer: a forged chain is ignored', '203.0.113.5', '10.0.0.1, 127.0.0.1', '203.0.113.5'],
    ['a trusted proxy: the hop it recorded', '127.0.0.1', '198.51.100.7', '198.51.100.7'],
    ['a trusted proxy: whatever the client wrote to the left is ignored', '127.0.0.1', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
    ['two trusted proxies in a row', '10.1.2.3', '6.6.6.6, 198.51.100.7, 10.9.9.9', '198.51.100.7'],
    ['every hop trusted: the leftmost', '127.0.0.1', '10.0.0.2, 10.0.0.3', '10.0.0.2'],
    ['a trusted proxy with no header: the proxy', '127.0.0.1', undefined, '127.0.0.1'],
    ['IPv4-mapped IPv6 peer becomes IPv4 (and is trusted as such)', '::ffff:127.0.0.1', '198.51.100.7', '198.51.100.7'],
    ['IPv4-mapped IPv6 untrusted peer', '::ffff:203.0.113.9', '1.2.3.4', '203.0.113.9'],
    ['IPv6 proxy and client', '::1', '2001:db8::1', '2001:db8::1'],
    ['IPv6 range', 'fd00::5', '2001:db8::2', '2001:db8::2'],
    ['a hop with a port', '127.0.0.1', '198.51.100.7:51234', '198.51.100.7'],
    ['a bracketed IPv6 hop with a port', '127.0.0.1', '[2001:db8::3]:443', '2001:db8::3'],
    ['a garbled hop stops the walk at the last good address', '127.0.0.1', 'not-an-ip', '127.0.0.1'],
    ['legacy IPv4 spellings are garbage, not addresses', '127.0.0.1', '0x7f.1', '127.0.0.1'],
    ['empty entries are skipped', '127.0.0.1', '198.51.100.7, ,', '198.51.100.7'],
    ['several header lines are one list', '127.0.0.1', ['6.6.6.6', '198.51.100.7'], '198.51.100.7'],
    ['no peer at all', undefined, '1.2.3.4', 'unknown'],
  ] as const)('%s', (_what, peer, forwardedFor, expected) => {
    expect(clientAddressFrom(peer, forwardedFor as string | string[] | undefined, proxies)).toBe(expected);
  });

  it('trusts nobody without TRUST_PROXY', () => {
    expect(clientAddressFrom('127.0.0.1', '198.51.100.7', parseTrustedProxies(undefined))).toBe('127.0.0.1');
  });

  it('refuses a TRUST_PROXY entry that is not an address or range, naming it', () => {
    expect(() => parseTrustedProxies('127.0.0.1, localhost')).toThrow('"localhost"');
    expect(() => parseTrustedProxies('10.0.0.0/99')).toThrow('"10.0.0.0/99"');
  });

  it('reads only the stamped header, never X-Forwarded-For', () => {
    expect(clientAddressOf(new Headers({ 'x-forwarded-for': '1.2.3.4' }))).toBe('unknown');
    expect(clientAddressOf(new Headers({ 'x-corridor-client-ip': '198.51.100.7' }))).toBe('198.51.100.7');
  });
});

describe('stampClientAddress: what a client may not tell the server about itself', () => {
  const request = (peer: string, headers: Record<string, string>) => {
    const rawHeaders = Object.entries(headers).flat();
    return { socket: { remoteAddress: peer }, headers: { ...headers }, rawHeaders } as unknown as IncomingMessage;
  };
  const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.2.3.4', 'x-corridor-client-ip': '9.9.9.9', host: 'pay.example.com' };

  it('drops forwarded headers and a planted address from a peer that is not a trusted proxy', () => {
    const req = request('203.0.113.5', forged);
    expect(stampClientAddress(req, proxies)).toBe('203.0.113.5');
    expect(req.headers).toEqual({ host: 'pay.example.com', 'x-corridor-client-ip': '203.0.113.5' });
    expect(req.rawHeaders).toEqual(['host', 'pay.example.com', 'x-corridor-client-ip', '203.0.113.5']);
  });

  it('keeps what a trusted proxy forwarded', () => {
    const req = request('10.0.0.2', forged);
    expect(stampClientAddress(req, proxies)).toBe('1.2.3.4');
    expect(req.headers['x-forwarded-host']).toBe('evil.example');
    expect(req.headers['x-corridor-client-ip']).toBe('1.2.3.4');
  });
});
