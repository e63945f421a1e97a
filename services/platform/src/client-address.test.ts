import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, describeTrustedProxies, isTrustedProxy, parseAddress, parseTrustedProxies, TrustedProxyError } from './client-address.ts';

const balancer = parseTrustedProxies(['127.0.0.2']);
const tiers = parseTrustedProxies(['10.0.0.0/8', '2001:db8:aaaa::/48']);

describe('clientAddress', () => {
  it('is the peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', [])).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.2', '198.51.100.1', [])).toBe('127.0.0.2');
  });

  it('ignores the header of a peer that is not a trusted proxy', () => {
    expect(clientAddress('127.0.0.6', '10.9.9.9', balancer)).toBe('127.0.0.6');
    expect(clientAddress('127.0.0.1', '127.0.0.10', balancer)).toBe('127.0.0.1');
  });

  it('is the right-most address a trusted proxy received the request from', () => {
    expect(clientAddress('127.0.0.2', '127.0.0.6', balancer)).toBe('127.0.0.6');
    expect(clientAddress('10.0.0.5', '203.0.113.7, 10.1.2.3', tiers)).toBe('203.0.113.7');
  });

  it('never believes what the client wrote left of its own address (a forged header)', () => {
    // The client sent "X-Forwarded-For: 198.51.100.99, 10.0.0.1"; the proxy appended the client's address.
    expect(clientAddress('127.0.0.2', '198.51.100.99, 10.0.0.1, 127.0.0.6', balancer)).toBe('127.0.0.6');
    // Header lines sent twice arrive as a list: the proxy's line is the last.
    expect(clientAddress('127.0.0.2', ['198.51.100.99', '127.0.0.6'], balancer)).toBe('127.0.0.6');
    // A client forging one of the trusted ranges still stops the walk at its own address.
    expect(clientAddress('10.0.0.5', '10.0.0.1, 203.0.113.7, 10.1.2.3', tiers)).toBe('203.0.113.7');
  });

  it('is the left-most hop when every hop is a trusted proxy, and the peer without a header', () => {
    expect(clientAddress('10.0.0.5', '10.0.0.9, 10.1.2.3', tiers)).toBe('10.0.0.9');
    expect(clientAddress('127.0.0.2', undefined, balancer)).toBe('127.0.0.2');
    expect(clientAddress('127.0.0.2', ' , ', balancer)).toBe('127.0.0.2');
  });

  it('stops at the last trusted hop when a hop is not an address', () => {
    expect(clientAddress('127.0.0.2', '203.0.113.7, unknown', balancer)).toBe('127.0.0.2');
    expect(clientAddress('10.0.0.5', 'garbage, 10.1.2.3', tiers)).toBe('10.1.2.3');
  });

  it('reads IPv4-mapped IPv6 peers and hops as the IPv4 address they carry', () => {
    expect(clientAddress('::ffff:127.0.0.2', '127.0.0.6', balancer)).toBe('127.0.0.6');
    expect(clientAddress('::ffff:127.0.0.2', '::ffff:127.0.0.6', balancer)).toBe('127.0.0.6');
    expect(clientAddress('::ffff:127.0.0.6', '127.0.0.9', balancer)).toBe('127.0.0.6');
    expect(clientAddress('10.0.0.5', '203.0.113.7, ::ffff:10.1.2.3', tiers)).toBe('203.0.113.7');
  });

  it('reads IPv6 peers and hops, with brackets, ports and zones', () => {
    expect(clientAddress('2001:db8:aaaa::1', '2001:0db8:bbbb:0000::0001', tiers)).toBe('2001:db8:bbbb::1');
    expect(clientAddress('2001:db8:aaaa::1', '[2001:db8:bbbb::1]:443, 2001:db8:aaaa:1::2', tiers)).toBe('2001:db8:bbbb::1');
    expect(clientAddress('2001:db8:cccc::1', '203.0.113.7', tiers)).toBe('2001:db8:cccc::1');
    expect(clientAddress('fe80::1%eth0', '203.0.113.7', [])).toBe('fe80::1');
  });

  it('drops the port some balancers write, so a client is not a new one per connection', () => {
    expect(clientAddress('10.0.0.5', '203.0.113.7:41234', tiers)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.5', '203.0.113.7:50000', tiers)).toBe('203.0.113.7');
  });
});

describe('parseTrustedProxies', () => {
  it('takes addresses and CIDR ranges of both families', () => {
    const trusted = parseTrustedProxies(['127.0.0.2', '10.0.0.0/8', '2001:db8::/32', '::1', '::ffff:192.168.0.0/112']);
    expect(describeTrustedProxies(trusted)).toEqual(['127.0.0.2/32', '10.0.0.0/8', '2001:db8::/32', '::1/128', '192.168.0.0/16']);
    expect(isTrustedProxy(trusted, '10.200.3.4')).toBe(true);
    expect(isTrustedProxy(trusted, '::ffff:10.200.3.4')).toBe(true);
    expect(isTrustedProxy(trusted, '192.168.44.1')).toBe(true);
    expect(isTrustedProxy(trusted, '2001:db8:1::1')).toBe(true);
    expect(isTrustedProxy(trusted, '127.0.0.3')).toBe(false);
    expect(isTrustedProxy(trusted, '11.0.0.1')).toBe(false);
    expect(isTrustedProxy(trusted, 'not an address')).toBe(false);
  });

  it('refuses what is not an address or range, naming it', () => {
    for (const entry of ['localhost', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/8/8', '10.0.0.0/x', '0x7f.1', '[::1]', '::ffff:10.0.0.0/90']) {
      expect(() => parseTrustedProxies([entry]), entry).toThrow(TrustedProxyError);
    }
    expect(() => parseTrustedProxies(['127.0.0.2', 'lb.example'])).toThrow(/"lb\.example" is not an IP address/);
  });
});

describe('parseAddress', () => {
  it('takes only addresses as sockets and proxies write them', () => {
    expect(parseAddress('203.0.113.7')?.toString()).toBe('203.0.113.7');
    expect(parseAddress('1')).toBeNull();
    expect(parseAddress('127.1')).toBeNull();
    expect(parseAddress('')).toBeNull();
    expect(parseAddress('_hidden')).toBeNull();
  });
});

describe('clientKey', () => {
  it('counts an IPv4 client by its address, however it is written', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const network = '2001:db8:85a3:12::/64';
    for (const address of ['2001:db8:85a3:12::1', '2001:0db8:85a3:0012:ffff:ffff:ffff:ffff', '2001:db8:85a3:12:0:0:0:0', '2001:db8:85a3:12::5%eth0', '2001:db8:85a3:12::192.0.2.1']) {
      expect(clientKey(address), address).toBe(network);
    }
    expect(clientKey('2001:db8:85a3:13::1')).not.toBe(network);
    expect(clientKey('::1')).toBe('::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8::/64');
  });
});
