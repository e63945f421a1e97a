import { describe, expect, it } from 'vitest';
import { limitedClient } from './attempt-limits.ts';

describe('limitedClient', () => {
  it('counts an IPv4 client by its address, however it is written', () => {
    expect(limitedClient('203.0.113.7')).toBe('203.0.113.7');
    expect(limitedClient('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const network = '2001:db8:85a3:12::/64';
    for (const address of ['2001:db8:85a3:12::1', '2001:0db8:85a3:0012:ffff:ffff:ffff:ffff', '2001:db8:85a3:12:0:0:0:0', '2001:db8:85a3:12::5%eth0', '2001:db8:85a3:12::192.0.2.1']) {
      expect(limitedClient(address), address).toBe(network);
    }
    expect(limitedClient('2001:db8:85a3:13::1')).not.toBe(network);
    expect(limitedClient('::1')).toBe('0:0:0:0::/64');
    expect(limitedClient('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
