/**
 * Link checks per minute, per host and overall, on local servers: BENCH_HOSTS servers (each its
 * own port, so its own host for the egress module's one call at a time and delay per host), each
 * answering 200 to HEAD. For BENCH_SECONDS, BENCH_CONCURRENCY checks at a time (the worker's
 * concurrency) go round the hosts through `checkLink` with the link checker's egress settings
 * (the per-host delay as configured, 1 s by default, BENCH_HOST_DELAY_MS to change it). Beside it,
 * in the same run and for as long, the baseline: Node's own fetch of the same URLs with the same
 * concurrency and no politeness — what the hosts could take, not what a polite checker should send.
 *
 *   npx tsx scripts/bench/link-checks.ts   (BENCH_SECONDS=15, BENCH_HOSTS=8, BENCH_CONCURRENCY=4)
 *
 * `measureLinkChecks` is exported for other benches to run beside their own load.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { runCli } from '@registry/platform';
import { checkLink } from '@registry/api/link-health/link-check.ts';
import { linkCheckEgress } from '@registry/api/link-health/link-check-jobs.ts';

export interface LinkCheckFigures {
  checks: number;
  perMinute: number;
  perHostPerMinute: number[];
  failures: number;
}

async function startHosts(count: number): Promise<{ urls: string[]; close(): Promise<void> }> {
  const servers: Server[] = [];
  for (let index = 0; index < count; index += 1) {
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>ok</title>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  return {
    urls: servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    async close() {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

/** Runs `check` over `urls` round-robin, `concurrency` at a time, for `seconds`; counts per URL. */
async function drive(urls: string[], seconds: number, concurrency: number, check: (url: string) => Promise<boolean>): Promise<LinkCheckFigures> {
  const deadline = performance.now() + seconds * 1_000;
  const perHost = urls.map(() => 0);
  let next = 0;
  let failures = 0;
  const lane = async () => {
    while (performance.now() < deadline) {
      const index = next % urls.length;
      next += 1;
      if (await check(urls[index]!)) perHost[index] = (perHost[index] ?? 0) + 1;
      else failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const minutes = (performance.now() - started) / 60_000;
  const checks = perHost.reduce((sum, count) => sum + count, 0);
  return { checks, perMinute: checks / minutes, perHostPerMinute: perHost.map((count) => count / minutes), failures };
}

export async function measureLinkChecks(options: { seconds: number; hosts: number; concurrency: number; hostDelayMs?: number }): Promise<{ checker: LinkCheckFigures; baseline: LinkCheckFigures }> {
  const hosts = await startHosts(options.hosts);
  try {
    const allow = hosts.urls.map((url) => new URL(url).host);
    const egress = linkCheckEgress(
      { egressAllow: allow, siteName: 'Registry bench', publicUrl: 'http://registry.bench' } as Parameters<typeof linkCheckEgress>[0],
      options.hostDelayMs === undefined ? {} : { hostDelayMs: options.hostDelayMs },
    );
    // Local hosts are IP literals: no name is looked up, so the probe is never asked.
    const networkUp = { hasNetwork: async () => true };
    const checker = await drive(hosts.urls, options.seconds, options.concurrency, async (url) => (await checkLink(egress, networkUp, url)).outcome === 'ok');
    const baseline = await drive(hosts.urls, options.seconds, options.concurrency, async (url) => {
      const response = await fetch(url, { method: 'HEAD' });
      return response.ok;
    });
    return { checker, baseline };
  } finally {
    await hosts.close();
  }
}

const describe = (figures: LinkCheckFigures) => {
  const perHost = figures.perHostPerMinute;
  return `${figures.perMinute.toFixed(0)}/min overall, per host ${Math.min(...perHost).toFixed(0)}–${Math.max(...perHost).toFixed(0)}/min, ${figures.failures} failed`;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(async () => {
    const options = {
      seconds: Number(process.env.BENCH_SECONDS) || 15,
      hosts: Number(process.env.BENCH_HOSTS) || 8,
      concurrency: Number(process.env.BENCH_CONCURRENCY) || 4,
      hostDelayMs: process.env.BENCH_HOST_DELAY_MS === undefined ? undefined : Number(process.env.BENCH_HOST_DELAY_MS),
    };
    const { checker, baseline } = await measureLinkChecks(options);
    console.log(`link checks, ${options.hosts} local hosts, ${options.concurrency} at a time, ${options.seconds} s each (load average ${loadavg().map((load) => load.toFixed(2)).join(' ')})`);
    console.log(`  link checker (egress module, per-host delay ${options.hostDelayMs ?? 1_000} ms): ${describe(checker)}`);
    console.log(`  baseline (plain fetch, no politeness):            ${describe(baseline)}`);
  });
}
