import { describe, expect, it } from 'vitest';
import { forbiddenReason } from './private-address';

// Every form an address can take once a URL parser, a resolver or a socket has produced it.
const forbidden: [string, RegExp][] = [
  ['127.0.0.1', /loopback/],
  ['127.255.255.254', /loopback/],
  ['0.0.0.0', /unspecified/],
  ['0.1.2.3', /unspecified/],
  ['10.1.2.3', /private/],
  ['172.16.0.1', /private/],
  ['172.31.255.255', /private/],
  ['192.168.1.1', /private/],
  ['100.64.0.1', /carrierGradeNat/],
  ['169.254.169.254', /linkLocal/],
  ['192.0.2.10', /reserved/],
  ['198.18.0.1', /reserved/],
  ['224.0.0.1', /multicast/],
  ['240.0.0.1', /reserved/],
  ['255.255.255.255', /broadcast/],
  ['::', /unspecified/],
  ['::1', /loopback/],
  ['0:0:0:0:0:0:0:1', /loopback/],
  ['::ffff:127.0.0.1', /127\.0\.0\.1 is loopback/],
  ['::ffff:7f00:1', /127\.0\.0\.1 is loopback/],
  ['0:0:0:0:0:ffff:7f00:1', /127\.0\.0\.1 is loopback/],
  ['::ffff:a9fe:a9fe', /169\.254\.169\.254 is linkLocal/],
  ['::ffff:0:0', /0\.0\.0\.0 is unspecified/],
  ['::ffff:10.0.0.1', /10\.0\.0\.1 is private/],
  ['::ffff:0:7f00:1', /rfc6145/],
  ['::7f00:1', /IPv4-compatible embedding 127\.0\.0\.1 \(loopback\)/],
  ['::127.0.0.1', /IPv4-compatible embedding 127\.0\.0\.1/],
  ['::a9fe:a9fe', /IPv4-compatible embedding 169\.254\.169\.254/],
  ['::8.8.8.8', /IPv4-compatible embedding 8\.8\.8\.8/],
  ['64:ff9b::7f00:1', /NAT64 embedding 127\.0\.0\.1 \(loopback\)/],
  ['64:ff9b::127.0.0.1', /NAT64 embedding 127\.0\.0\.1/],
  ['64:ff9b::a9fe:a9fe', /NAT64 embedding 169\.254\.169\.254 \(linkLocal\)/],
  ['64:ff9b:1::a00:1', /NAT64 embedding 10\.0\.0\.1 \(private\)/],
  ['64:ff9b::808:808', /NAT64 embedding 8\.8\.8\.8$/],
  ['2002:7f00:1::', /6to4 embedding 127\.0\.0\.1 \(loopback\)/],
  ['2002:a9fe:a9fe::1', /6to4 embedding 169\.254\.169\.254/],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', /Teredo embedding 127\.0\.0\.1 \(loopback\)/],
  ['2001:0:4136:e378:8000:63bf:5601:5601', /Teredo embedding 169\.254\.169\.254/],
  ['fc00::1', /uniqueLocal/],
  ['fd12:3456::1', /uniqueLocal/],
  ['fe80::1', /linkLocal/],
  ['fe80::1%eth0', /linkLocal/],
  ['fec0::1', /not unicast|deprecatedSiteLocal|reserved/],
  ['ff02::1', /multicast/],
  ['2001:db8::1', /reserved/],
  ['100::1', /discard/],
  ['', /not an IP address/],
  ['localhost', /not an IP address/],
  ['127.0.0.1.example', /not an IP address/],
  ['::ffff:127.0.0.1:80', /not an IP address/],
];

const allowed = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700::1', '2001:4860:4860::8888', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8'];

describe('which webhook destinations are private', () => {
  it.each(forbidden)('%s is refused', (address, reason) => {
    expect(forbiddenReason(address)).toMatch(reason);
  });

  it.each(allowed)('%s is public and passes', (address) => {
    expect(forbiddenReason(address)).toBeNull();
  });
});
