/**
 * `request.clientAddress`: the address of the client a request comes from, read from the
 * `X-Forwarded-For` of the proxies `TRUST_PROXY` names and of no one else
 * (`@registry/platform/client-address.ts` says how). Every per-client mechanism keys on it: the
 * rate limit, the attempt limits of sign-in and account mails, the refusal door, the expensive
 * requests in flight, the search preference, the logs. Fastify's own `request.ip` stays the
 * connection's peer (its `trustProxy` is off, so no forwarded header is believed through it
 * either); the lint forbids reading it in the app.
 *
 * A request with `X-Forwarded-For` from a peer that is not trusted is logged once per process: it
 * usually means a proxy in front whose address is missing from `TRUST_PROXY`, and then every
 * visitor is one client to every limit (docs/deployment.md).
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { clientAddress, isTrustedProxy, parseTrustedProxies } from '@registry/platform/client-address.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address (the peer, or the right-most untrusted hop of a trusted proxy's `X-Forwarded-For`). */
    readonly clientAddress: string;
  }
}

export interface ClientAddressOptions {
  /** The configuration's `trustProxy`: canonical address ranges of the proxies in front. */
  trustProxy: readonly string[];
}

export const clientAddressPlugin = fp<ClientAddressOptions>(
  async (app, options) => {
    const trusted = parseTrustedProxies(options.trustProxy);
    const known = new WeakMap<FastifyRequest, string>();
    const peerOf = (request: FastifyRequest) => request.raw.socket?.remoteAddress ?? '';

    app.decorateRequest('clientAddress', {
      getter(this: FastifyRequest) {
        let address = known.get(this);
        if (address === undefined) {
          address = clientAddress(peerOf(this), this.headers['x-forwarded-for'], trusted);
          known.set(this, address);
        }
        return address;
      },
    });

    let warned = false;
    app.addHook('onRequest', (request, _reply, done) => {
      if (!warned && request.headers['x-forwarded-for'] !== undefined && !isTrustedProxy(trusted, peerOf(request))) {
        warned = true;
        request.log.warn(
          { peer: peerOf(request), trustProxy: options.trustProxy },
          'X-Forwarded-For ignored: it came from a peer TRUST_PROXY does not name. Behind a proxy or load balancer, set TRUST_PROXY to its address, or every visitor counts as that one client (docs/deployment.md). Logged once.',
        );
      }
      done();
    });
  },
  { name: 'registry-client-address' },
);
