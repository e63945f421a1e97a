/**
 * Who a request comes from. Behind a load balancer or TLS terminator every connection comes from
 * the proxy, and the visitor's address travels in `X-Forwarded-For`, which anyone can also write.
 * So the header is read only when the connection comes from a proxy we were told to trust
 * (`TRUST_PROXY`: addresses or CIDR ranges), and then from its right end: each trusted proxy
 * appends the address it received the request from, so the right-most address that is not one of
 * ours is the client; what lies left of it is the client's own say and is never believed.
 *
 * Addresses are read by their parser (ipaddr.js), never matched as text: an IPv4-mapped IPv6 peer
 * (`::ffff:127.0.0.2`, a dual-stack listener) is the IPv4 address it carries, and an entry with a
 * port (`203.0.113.7:41234`, `[2001:db8::1]:443`, as some cloud balancers write them) is its
 * address, so a client cannot become a new one by changing the port or the spelling.
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The parsed `TRUST_PROXY`: address ranges whose connections may say who the client is. */
export type TrustedProxies = readonly (readonly [Address, number])[];

export class TrustedProxyError extends Error {
  override name = 'TrustedProxyError';
}

/** An address as written in a socket or a header: IPv4-mapped IPv6 read as IPv4, a zone id, brackets or a port dropped; null when it is none. */
export function parseAddress(text: string): Address | null {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[^:]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.replace(/%.*$/, '');
  if (!ipaddr.isValid(value)) return null;
  // ipaddr.js also takes '1', '0x7f.1' and other legacy IPv4 forms; a socket or a proxy writes four decimal parts.
  if (ipaddr.IPv4.isValid(value) && !ipaddr.IPv4.isValidFourPartDecimal(value)) return null;
  return ipaddr.process(value);
}

/** `TRUST_PROXY`'s entries (`127.0.0.2`, `10.0.0.0/8`, `2001:db8::/32`); throws naming the first that is not an address or range. */
export function parseTrustedProxies(entries: readonly string[]): TrustedProxies {
  return entries.map((entry) => {
    const [addressText, prefixText, ...rest] = entry.trim().split('/');
    const address = addressText === undefined ? null : parseAddress(addressText);
    if (!address || rest.length > 0 || addressText!.includes('[')) throw new TrustedProxyError(`"${entry}" is not an IP address or CIDR range`);
    // Bits as written: a range written from an IPv4-mapped address (::ffff:10.0.0.0/104) is the IPv4 range it maps.
    const writtenAsIpv6 = addressText!.includes(':');
    const bits = writtenAsIpv6 ? 128 : 32;
    const mappedBits = writtenAsIpv6 && address.kind() === 'ipv4' ? 96 : 0;
    if (prefixText === undefined) return [address, bits - mappedBits] as const;
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > bits) throw new TrustedProxyError(`"${entry}": the prefix length must be 0 to ${bits}`);
    const mappedPrefix = prefix - mappedBits;
    if (mappedPrefix < 0) throw new TrustedProxyError(`"${entry}": a range of IPv4-mapped addresses needs a prefix of at least 96`);
    return [address, mappedPrefix] as const;
  });
}

/** The entries as canonical CIDR ranges (`127.0.0.2/32`), for the configuration and the logs. */
export function describeTrustedProxies(trusted: TrustedProxies): string[] {
  return trusted.map(([address, prefix]) => `${address.toString()}/${prefix}`);
}

function isTrusted(trusted: TrustedProxies, address: Address): boolean {
  return trusted.some(([range, prefix]) => range.kind() === address.kind() && address.match(range, prefix));
}

/** Whether a connection from `peer` (a socket's remote address) is one of the trusted proxies. */
export function isTrustedProxy(trusted: TrustedProxies, peer: string): boolean {
  const address = parseAddress(peer);
  return address !== null && isTrusted(trusted, address);
}

/**
 * The client of a request that arrived from `peer` with these `X-Forwarded-For` values: the peer
 * itself unless it is a trusted proxy; else, reading the header from its right end, the first
 * address that is not a trusted proxy (all of them trusted: the left-most). A hop that is not an
 * address at all (a misconfigured proxy) ends the walk at the last trusted hop before it.
 */
export function clientAddress(peer: string, forwardedFor: string | readonly string[] | undefined, trusted: TrustedProxies): string {
  let nearest = parseAddress(peer);
  if (!nearest) return peer;
  if (!isTrusted(trusted, nearest) || forwardedFor === undefined) return nearest.toString();
  const hops = (typeof forwardedFor === 'string' ? [forwardedFor] : forwardedFor).flatMap((value) => value.split(','));
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index]!.trim();
    if (hop === '') continue;
    const address = parseAddress(hop);
    if (!address) break;
    nearest = address;
    if (!isTrusted(trusted, address)) break;
  }
  return nearest.toString();
}

/**
 * The client a limit counts: its IPv4 address, or the /64 network of an IPv6 one (one subscriber
 * line usually holds a whole /64, so its 2^64 addresses would otherwise be as many clients).
 */
export function clientKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return address;
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}
