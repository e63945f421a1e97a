/**
 * Which addresses the registry may call out to. Only globally routable unicast addresses pass;
 * loopback, private, link-local (incl. the 169.254.169.254 metadata service), unspecified,
 * carrier-grade NAT, multicast, broadcast and reserved ranges are refused, IPv4-mapped IPv6
 * addresses judged as the IPv4 address they carry. The allow-list (`EGRESS_ALLOW`) names
 * hosts or host:port pairs let through anyway (tests' local servers, an intranet mirror).
 */
import ipaddr from 'ipaddr.js';

const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private-network address',
  uniqueLocal: 'a private-network (unique local) address',
  linkLocal: 'a link-local address (cloud metadata services live there)',
  unspecified: 'the unspecified address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
};

/** Why the registry must not connect to `address`, or null when it may. */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return null;
  return `${address} is ${RANGE_WORDS[range] ?? `in a reserved range (${range})`}`;
}

/** The allow-list: lower-cased `host` or `host:port` entries (IPv6 hosts in brackets). */
export type EgressAllowList = ReadonlySet<string>;

/** The allow-list from its entries (the config's `egressAllow`), e.g. `127.0.0.1:8080`, `intranet.example`. */
export function egressAllowList(entries: readonly string[]): EgressAllowList {
  return new Set(entries.map((entry) => entry.toLowerCase()));
}

export function isAllowListed(url: URL, allow: EgressAllowList): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.toLowerCase();
  return allow.has(host) || allow.has(`${host}:${port}`);
}
