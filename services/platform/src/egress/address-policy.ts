/**
 * Which addresses the registry may call out to. Only globally routable unicast addresses pass;
 * loopback, private, link-local (incl. the 169.254.169.254 metadata service), unspecified,
 * carrier-grade NAT, multicast, broadcast and reserved ranges are refused. An IPv6 address that
 * carries an IPv4 address is judged by that IPv4 address first (`embeddedIPv4`): IPv4-mapped and
 * NAT64 addresses reach it, and so pass when it is public; the other forms (IPv4-compatible,
 * IPv4-translated, 6to4, Teredo) are tunnels or deprecated and are refused whatever they carry.
 * The allow-list (`EGRESS_ALLOW`) names hosts or host:port pairs let through anyway (tests'
 * local servers, an intranet mirror).
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

/** An IPv4 address inside an IPv6 one, and the form that carries it. */
interface CarriedIPv4 {
  ipv4: ipaddr.IPv4;
  /** e.g. "IPv4-compatible ::/96". */
  form: string;
  /** Whether a connection to the IPv6 address reaches the IPv4 one (mapped, NAT64), so it is judged as that. */
  reachesIt: boolean;
}

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * Every IPv4 address an IPv6 address carries, by the standard forms: IPv4-mapped `::ffff:0:0/96`,
 * IPv4-compatible `::/96` (RFC 4291, deprecated), IPv4-translated `::ffff:0:0:0/96` (RFC 6145),
 * NAT64 `64:ff9b::/96` (RFC 6052), 6to4 `2002::/16` (RFC 3056: bits 16–47) and Teredo `2001::/32`
 * (RFC 4380: the server in bits 32–63, the client as the complement of the last 32 bits).
 */
export function embeddedIPv4(address: ipaddr.IPv6): CarriedIPv4[] {
  const [a, b, c, d, e, f, g, h] = address.parts as [number, number, number, number, number, number, number, number];
  const last = ipv4Of(g, h);
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) return [{ ipv4: last, form: 'IPv4-mapped ::ffff:0:0/96', reachesIt: true }];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0) return [{ ipv4: last, form: 'IPv4-compatible ::/96', reachesIt: false }];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0xffff && f === 0) return [{ ipv4: last, form: 'IPv4-translated ::ffff:0:0:0/96', reachesIt: false }];
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return [{ ipv4: last, form: 'NAT64 64:ff9b::/96', reachesIt: true }];
  if (a === 0x2002) return [{ ipv4: ipv4Of(b, c), form: '6to4 2002::/16', reachesIt: false }];
  if (a === 0x2001 && b === 0) {
    return [
      { ipv4: ipv4Of(~g & 0xffff, ~h & 0xffff), form: 'Teredo 2001::/32, client', reachesIt: false },
      { ipv4: ipv4Of(c, d), form: 'Teredo 2001::/32, server', reachesIt: false },
    ];
  }
  return [];
}

function rangeRefusal(address: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  const range = address.range();
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `in a reserved range (${range})`;
}

/** Why the registry must not connect to `address`, or null when it may. */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    const refusal = rangeRefusal(parsed);
    return refusal === null ? null : `${address} is ${refusal}`;
  }
  const ownRefusal = rangeRefusal(parsed);
  // :: and ::1 sit in ::/96 too, but are words of their own.
  if (parsed.range() === 'unspecified' || parsed.range() === 'loopback') return `${address} is ${ownRefusal}`;
  const carried = embeddedIPv4(parsed as ipaddr.IPv6);
  for (const { ipv4, form } of carried) {
    const refusal = rangeRefusal(ipv4);
    if (refusal !== null) return `${address} carries ${ipv4.toString()} (${form}), ${refusal}`;
  }
  if (carried.length > 0 && carried.every((item) => item.reachesIt)) return null;
  if (carried.length > 0) return `${address} is in ${carried[0]!.form.replace(/, (client|server)$/, '')}, a tunnel or deprecated form`;
  return ownRefusal === null ? null : `${address} is ${ownRefusal}`;
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
