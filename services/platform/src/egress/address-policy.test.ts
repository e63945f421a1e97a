import { describe, expect, it } from 'vitest';
import ipaddr from 'ipaddr.js';
import { addressRefusal, embeddedIPv4 } from './address-policy.ts';

describe('the address policy', () => {
  it('judges an IPv6 address by the IPv4 address it carries (the webhook targets of the report first)', () => {
    // The URL parser writes [::127.0.0.1] as [::7f00:1]: IPv4-compatible, ::/96.
    expect(addressRefusal('::7f00:1')).toBe('::7f00:1 carries 127.0.0.1 (IPv4-compatible ::/96), a loopback address');
    expect(addressRefusal('::a9fe:a9fe')).toMatch(/carries 169\.254\.169\.254 \(IPv4-compatible ::\/96\), a link-local address/);
    for (const [address, ipv4] of [
      ['::ffff:7f00:1', '127.0.0.1'], ['::ffff:a00:1', '10.0.0.1'], ['::ffff:0:a9fe:a9fe', '169.254.169.254'], ['64:ff9b::c0a8:101', '192.168.1.1'],
      ['2002:a9fe:a9fe::1', '169.254.169.254'], ['2002:7f00:1:5::6', '127.0.0.1'], ['::c0a8:1', '192.168.0.1'], ['::6440:1', '100.64.0.1'],
    ] as const) {
      expect(addressRefusal(address), address).toContain(`carries ${ipv4}`);
    }
  });

  it('reads a Teredo client address as the complement of the last 32 bits, and the server address too', () => {
    // RFC 4380's example: server 65.54.227.120, client 192.0.2.45.
    expect(embeddedIPv4(ipaddr.IPv6.parse('2001:0:4136:e378:8000:63bf:3fff:fdd2')).map(({ ipv4 }) => ipv4.toString())).toEqual(['192.0.2.45', '65.54.227.120']);
    expect(addressRefusal('2001:0:4136:e378:8000:63bf:80ff:fffe')).toContain('carries 127.0.0.1 (Teredo 2001::/32, client)');
    expect(addressRefusal('2001:0:a9fe:a9fe:0:0:f7f7:f7f7')).toContain('carries 169.254.169.254 (Teredo 2001::/32, server)');
  });

  it('lets IPv4-mapped and NAT64 addresses of public IPv4 addresses through, and refuses the tunnel and deprecated forms whatever they carry', () => {
    expect(addressRefusal('::ffff:808:808')).toBeNull();
    expect(addressRefusal('64:ff9b::808:808')).toBeNull();
    for (const address of ['::808:808', '::ffff:0:808:808', '2002:808:808::1', '2001:0:808:808:0:0:f7f7:f7f7']) {
      expect(addressRefusal(address), address).toMatch(/tunnel or deprecated form/);
    }
  });

  it('keeps its words for the IPv6 ranges of their own', () => {
    expect(addressRefusal('::')).toBe(':: is the unspecified address');
    expect(addressRefusal('::1')).toBe('::1 is a loopback address');
    expect(addressRefusal('fd00::1')).toMatch(/unique local/);
    expect(addressRefusal('64:ff9b:1::1')).toMatch(/reserved range/);
    expect(addressRefusal('2606:4700:4700::1111')).toBeNull();
    expect(addressRefusal('8.8.8.8')).toBeNull();
    expect(addressRefusal('not-an-address')).toBe('"not-an-address" is not an IP address');
  });
});
