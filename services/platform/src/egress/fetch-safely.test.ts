import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { egressAllowList } from './address-policy.ts';
import { createEgress, EgressAbortedError, EgressTimeoutError, EgressTooLargeError, type EgressSettings } from './fetch-safely.ts';
import { EgressRefusedError, type HostResolver } from './resolve-address.ts';
import { createHostGateConnection, sharedHostGate } from './shared-host-gate.ts';

let server: Server;
let port = 0;
const seen: { path: string; userAgent: string | undefined }[] = [];
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', userAgent: request.headers['user-agent'] });
    if (request.url === '/to-metadata') response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (request.url?.startsWith('/redirect?to=')) response.writeHead(302, { location: decodeURIComponent(request.url.slice('/redirect?to='.length)) }).end();
    else if (request.url === '/to-home') response.writeHead(301, { location: '/home' }).end();
    else if (request.url === '/loop') response.writeHead(302, { location: '/loop' }).end();
    else if (request.url === '/huge') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(16 * 1024);
      for (let sent = 0; sent < 64; sent += 1) response.write(chunk);
      response.end();
    } else if (request.url === '/slow') {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        response.end('slow');
      }, 30);
    } else if (request.url === '/silent') {
      // never answers: the client's total time-out must end the call
    } else response.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function egress(overrides: Partial<EgressSettings> = {}) {
  return createEgress({ allow: egressAllowList([`127.0.0.1:${port}`]), userAgent: 'Registry/test (+http://registry.test)', hostDelayMs: 0, retries: 0, ...overrides });
}

describe('the egress policy refuses internal addresses', () => {
  const refused = egress({ allow: egressAllowList([]) });

  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/`],
    ['a private network', () => 'http://10.1.2.3/'],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${port}/`],
    ['an IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['a carrier-grade NAT address', () => 'http://100.64.0.1/'],
    ['a name resolving to loopback', () => `http://localhost:${port}/`],
  ])('%s', async (_what, url) => {
    await expect(refused.fetch({ url: url() })).rejects.toBeInstanceOf(EgressRefusedError);
    expect(seen.filter((request) => request.path === '/')).toHaveLength(0);
  });

  it('a name a resolver points at a private address, with the reason', async () => {
    const resolver: HostResolver = async () => [{ address: '192.168.1.10', family: 4 }];
    await expect(egress({ resolver }).fetch({ url: 'http://intranet.example/' })).rejects.toThrow(/intranet\.example resolves to 192\.168\.1\.10 is a private-network address/);
  });

  it('a redirect from an allowed server to the metadata address', async () => {
    await expect(egress().fetch({ url: `http://127.0.0.1:${port}/to-metadata` })).rejects.toThrow(/169\.254\.169\.254 is a link-local address/);
  });

  // The webhook targets of the report (accepted at registration, a redirect to one connected to), then their kin.
  it.each([
    `http://[::127.0.0.1]:PORT/`, `http://[::7f00:1]:PORT/`, 'http://[::a9fe:a9fe]/', 'http://[::ffff:0:7f00:1]:PORT/',
    'http://[64:ff9b::a9fe:a9fe]/', 'http://[2002:7f00:1::1]:PORT/', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:PORT/', 'http://[::808:808]/',
  ])('an IPv6 address carrying an internal or tunnelled IPv4 address, named or reached by a redirect: %s', async (target) => {
    const url = target.replace('PORT', String(port));
    await expect(egress({ allow: egressAllowList([]) }).fetch({ url })).rejects.toBeInstanceOf(EgressRefusedError);
    const hop = egress().fetch({ url: `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(url)}` });
    await expect(hop).rejects.toBeInstanceOf(EgressRefusedError);
    await expect(hop).rejects.toThrow(/carries (127\.0\.0\.1|169\.254\.169\.254)|tunnel or deprecated/);
  });

  it('a scheme other than http(s)', async () => {
    await expect(egress().fetch({ url: 'file:///etc/passwd' })).rejects.toBeInstanceOf(EgressRefusedError);
  });
});

describe('calls the policy lets through', () => {
  it('the allow-listed local server answers, with the identifying User-Agent', async () => {
    const response = await egress().fetch({ url: `http://127.0.0.1:${port}/hello` });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('hello');
    expect(seen.find((request) => request.path === '/hello')?.userAgent).toBe('Registry/test (+http://registry.test)');
  });

  it('a public name is connected to the checked address, not re-resolved', async () => {
    // pinned.example exists only in this resolver: had the connection looked the name up again, it would fail.
    const resolver: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const response = await egress({ resolver, allow: egressAllowList([`pinned.example:${port}`]) }).fetch({ url: `http://pinned.example:${port}/hello` });
    expect(response.body.toString()).toBe('hello');
  });

  it('follows redirects and reports the final URL', async () => {
    const response = await egress().fetch({ url: `http://127.0.0.1:${port}/to-home` });
    expect(response.url).toBe(`http://127.0.0.1:${port}/home`);
  });

  it('stops after the redirect limit', async () => {
    await expect(egress({ maxRedirects: 3 }).fetch({ url: `http://127.0.0.1:${port}/loop` })).rejects.toThrow(/more than 3 redirects/);
  });

  it('stops reading an answer bigger than the cap', async () => {
    await expect(egress({ maxBytes: 64 * 1024 }).fetch({ url: `http://127.0.0.1:${port}/huge` })).rejects.toBeInstanceOf(EgressTooLargeError);
    const whole = await egress({ maxBytes: 2 * 1024 * 1024 }).fetch({ url: `http://127.0.0.1:${port}/huge` });
    expect(whole.body.length).toBe(1024 * 1024);
  });

  it('sends one call at a time to a host', async () => {
    const client = egress();
    await Promise.all(Array.from({ length: 4 }, () => client.fetch({ url: `http://127.0.0.1:${port}/slow` })));
    expect(mostInFlight).toBe(1);
  });

  it('two clients sharing a host gate (as two processes would) send one call at a time to a host', async () => {
    const redis = createHostGateConnection({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    try {
      const hostGate = sharedHostGate(redis, { keyPrefix: `${process.env.QUEUE_PREFIX ?? 'registry_test'}:fetch-safely-test` });
      const clients = [egress({ hostGate }), egress({ hostGate })];
      await Promise.all(Array.from({ length: 4 }, (_, index) => clients[index % 2]!.fetch({ url: `http://127.0.0.1:${port}/slow` })));
      expect(mostInFlight).toBe(1);
    } finally {
      redis.disconnect();
    }
  });

  it('gives up on a server that does not answer, after retrying', async () => {
    const before = seen.filter((request) => request.path === '/silent').length;
    await expect(egress({ totalTimeoutMs: 300, retries: 2, retryBaseDelayMs: 10 }).fetch({ url: `http://127.0.0.1:${port}/silent` })).rejects.toBeInstanceOf(EgressTimeoutError);
    expect(seen.filter((request) => request.path === '/silent').length - before).toBe(3);
  });

  it('a caller giving up cuts off the call under way and sends none of those still waiting for the host, without retrying', async () => {
    const before = seen.filter((request) => request.path === '/silent').length;
    const client = egress({ retries: 2, retryBaseDelayMs: 10 });
    const givenUp = new AbortController();
    const calls = Array.from({ length: 3 }, () => client.fetch({ url: `http://127.0.0.1:${port}/silent`, signal: givenUp.signal }));
    setTimeout(() => givenUp.abort(), 100);
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(EgressAbortedError);
    expect(seen.filter((request) => request.path === '/silent').length - before).toBe(1);
  });

  it('a caller giving up stops waiting at once, even behind another caller’s call to the host', async () => {
    const client = egress({ totalTimeoutMs: 2_000 });
    const holding = client.fetch({ url: `http://127.0.0.1:${port}/silent` });
    const started = performance.now();
    await expect(client.fetch({ url: `http://127.0.0.1:${port}/hello`, signal: AbortSignal.timeout(100) })).rejects.toBeInstanceOf(EgressAbortedError);
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(holding).rejects.toBeInstanceOf(EgressTimeoutError);
  });
});
