import { describe, expect, it } from 'vitest';
import { addressAllowed, canonicalRange, ipAllowlistInput, rangesOutside, rangeWithin } from './ip-allowlist';

describe('canonicalRange: the stored form of an allowlist entry', () => {
  it.each([
    ['203.0.113.0/24', '203.0.113.0/24'],
    ['203.0.113.77/24', '203.0.113.0/24'],
    ['198.51.100.7', '198.51.100.7/32'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:db8::/32', '2001:db8::/32'],
    ['2001:DB8:0:0:1::1/48', '2001:db8::/48'],
    ['::1', '::1/128'],
    ['::/0', '::/0'],
    ['::ffff:10.1.2.3/104', '10.0.0.0/8'],
    ['::ffff:192.0.2.1', '192.0.2.1/32'],
  ])('%s -> %s', (given, stored) => {
    expect(canonicalRange(given)).toBe(stored);
  });

  it.each(['', 'localhost', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/-1', '10.0.0.0/8/8', '10.0.0.0/', '10.1', '0x7f.0.0.1', '010.0.0.1/8', 'fe80::1%eth0/64', '1.2.3.4/8a', '1.2.3.4 /8'])(
    'refuses %j',
    (given) => {
      expect(canonicalRange(given)).toBeNull();
    },
  );
});

describe('ipAllowlistInput: 1 to 50 ranges', () => {
  it('takes 50, refuses 51 and none, and drops repeats after canonicalising', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `10.0.${i}.0/24`);
    expect(ipAllowlistInput.parse(fifty)).toHaveLength(50);
    expect(ipAllowlistInput.safeParse([...fifty, '10.1.0.0/24']).success).toBe(false);
    expect(ipAllowlistInput.safeParse([]).success).toBe(false);
    expect(ipAllowlistInput.parse(['10.0.0.1/8', '10.0.0.0/8', ' 10.9.9.9/8 '])).toEqual(['10.0.0.0/8']);
  });

  it('names the bad entry by its index', () => {
    const result = ipAllowlistInput.safeParse(['10.0.0.0/8', 'not-a-range']);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([[1]]);
  });
});

describe('addressAllowed: the client address against the ranges', () => {
  const list = ['203.0.113.0/24', '2001:db8::/32'];

  it('an IPv4 address in a range, plain or IPv4-mapped as dual-stack sockets report it', () => {
    expect(addressAllowed(list, '203.0.113.9')).toBe(true);
    expect(addressAllowed(list, '::ffff:203.0.113.9')).toBe(true);
    expect(addressAllowed(list, '::ffff:cb00:7109')).toBe(true);
  });

  it('an IPv6 address in a range', () => {
    expect(addressAllowed(list, '2001:db8:1234::5')).toBe(true);
    expect(addressAllowed(list, '2001:db9::5')).toBe(false);
  });

  it('addresses outside, and addresses that are not addresses, are refused', () => {
    expect(addressAllowed(list, '203.0.114.1')).toBe(false);
    expect(addressAllowed(list, '::ffff:203.0.114.1')).toBe(false);
    expect(addressAllowed(list, 'unknown')).toBe(false);
    expect(addressAllowed(list, '')).toBe(false);
    expect(addressAllowed(list, '203.0.113.9, 1.2.3.4')).toBe(false);
  });

  it('an IPv6 range over the IPv4-mapped space matches the IPv4 addresses it covers', () => {
    expect(addressAllowed(['::ffff:0:0/96'], '198.51.100.1')).toBe(true);
    expect(addressAllowed(['0.0.0.0/0'], '2001:db8::1')).toBe(false);
    expect(addressAllowed(['::/0'], '2001:db8::1')).toBe(true);
  });
});

describe('rangeWithin: every address one range allows, another allows too', () => {
  it.each([
    ['203.0.113.0/25', '203.0.113.0/24'],
    ['203.0.113.7/32', '203.0.113.0/24'],
    ['203.0.113.0/24', '203.0.113.0/24'],
    ['10.1.0.0/16', '0.0.0.0/0'],
    ['2001:db8:aa::/48', '2001:db8::/32'],
    ['2001:db8::/32', '::/0'],
    // An IPv4 client passes an IPv6 range by its mapped form (addressAllowed), so IPv4 ranges lie inside these.
    ['192.0.2.0/24', '::/0'],
    ['192.0.2.0/24', '::ffff:0:0/95'],
  ])('%s is inside %s', (inner, outer) => {
    expect(rangeWithin(inner, outer)).toBe(true);
  });

  it.each([
    ['203.0.113.0/23', '203.0.113.0/24'],
    ['203.0.114.0/24', '203.0.113.0/24'],
    ['0.0.0.0/0', '10.0.0.0/8'],
    ['2001:db8::/31', '2001:db8::/32'],
    // IPv6 clients never pass an IPv4 range, and an IPv6 range holds no IPv4 range outside its mapped part.
    ['2001:db8::/32', '0.0.0.0/0'],
    ['::/0', '0.0.0.0/0'],
    ['192.0.2.0/24', '2001:db8::/32'],
    ['not a range', '0.0.0.0/0'],
    ['10.0.0.0/8', 'not a range'],
  ])('%s is not inside %s', (inner, outer) => {
    expect(rangeWithin(inner, outer)).toBe(false);
  });

  it('rangesOutside names the ranges that fit in no single range of the other list', () => {
    const parent = ['192.0.2.0/25', '192.0.2.128/25', '2001:db8::/32'];
    expect(rangesOutside(['192.0.2.0/26', '2001:db8:1::/48'], parent)).toEqual([]);
    // A /24 over two adjacent /25s fits in neither.
    expect(rangesOutside(['192.0.2.0/26', '192.0.2.0/24', '198.51.100.0/24'], parent)).toEqual([1, 2]);
  });
});
