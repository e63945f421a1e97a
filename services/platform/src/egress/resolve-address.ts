/**
 * Resolves a URL's host to the one address a request will connect to, refusing it when any
 * address the name resolves to is not public. The caller pins its connection to the answer,
 * so a second DNS answer (rebinding) can't send the request elsewhere.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressRefusal, isAllowListed, type EgressAllowList } from './address-policy.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name resolution, replaceable so tests can point a name at any address. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** A call the egress policy refuses (the message says why); never worth retrying. */
export class EgressRefusedError extends Error {
  override name = 'EgressRefusedError';
}

export interface ResolveOptions {
  allow: EgressAllowList;
  resolver?: HostResolver;
}

export async function resolveForEgress(url: URL, options: ResolveOptions): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EgressRefusedError(`only http and https URLs may be called, not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') throw new EgressRefusedError('URLs with a user name or password are refused');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(hostname);
  const answers = literal === 0 ? await resolveName(hostname, options.resolver ?? systemResolver) : [{ address: hostname, family: literal === 6 ? 6 : 4 } as const];
  if (!isAllowListed(url, options.allow)) {
    for (const answer of answers) {
      const refusal = addressRefusal(answer.address);
      if (refusal !== null) throw new EgressRefusedError(literal === 0 ? `${hostname} resolves to ${refusal}` : refusal);
    }
  }
  const first = answers[0];
  if (first === undefined) throw new EgressRefusedError(`${hostname} has no address`);
  return first;
}

async function resolveName(hostname: string, resolver: HostResolver): Promise<ResolvedAddress[]> {
  try {
    return await resolver(hostname);
  } catch (error) {
    throw new EgressRefusedError(`${hostname} could not be resolved: ${(error as Error).message}`, { cause: error });
  }
}
