import net from 'node:net';

function v4Private(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast and reserved
  );
}

/** Loopback, private, link-local and other non-public addresses: no webhook may reach them in production. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return v4Private(ip);
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return v4Private(mapped[1]!);
  return (
    lower === '::' ||
    lower === '::1' ||
    /^f[cd][0-9a-f]{2}:/.test(lower) || // unique local fc00::/7
    /^fe[89ab][0-9a-f]:/.test(lower) || // link-local fe80::/10
    /^ff[0-9a-f]{2}:/.test(lower) // multicast
  );
}
