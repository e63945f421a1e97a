/**
 * Two link-check workers (as two worker processes run them) taking checks of URLs on one host
 * from the queue: the host sees one call at a time, with the delay between calls, over both.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLinkCheckQueue, startLinkCheckWorker } from '@registry/api/link-health/link-check-jobs.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';

const DELAY_MS = 100;
const CHECKS = 8;

let server: Server;
let host = '';
let env: IsolatedEnvironment;
const calls: { start: number; end: number }[] = [];

beforeAll(async () => {
  server = createServer((_request, response) => {
    const start = performance.now();
    setTimeout(() => {
      response.end();
      calls.push({ start, end: performance.now() });
    }, 30);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  env = await createIsolatedEnvironment('link_check_workers');
}, 120_000);

afterAll(async () => {
  await env?.cleanup();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('workers in two processes call one host one at a time, with the delay between calls', async () => {
  const config = { ...env.config, egressAllow: [host] };
  const [registry] = await env.db('registries').insert({ name: 'Standard' }).returning('id');
  const [record] = await env.db('records').insert({ registry_id: registry.id, name: 'Many links on one host' }).returning('id');
  const ids: number[] = (await env.db('link_checks').insert(Array.from({ length: CHECKS }, (_, index) => ({ record_id: record.id, kind: 'support', url: `http://${host}/page-${index}` }))).returning('id')).map((row: { id: number }) => row.id);
  const workers = [0, 1].map(() => startLinkCheckWorker(config, env.db, { egress: { hostDelayMs: DELAY_MS, retries: 0 } }));
  const queue = createLinkCheckQueue(config);
  try {
    await queue.enqueue(ids, new Date());
    while (Number((await env.db('link_checks').whereNotNull('last_checked_at').count('* as count'))[0]!.count) < CHECKS) await sleep(50);
  } finally {
    await queue.close();
    await Promise.all(workers.map((worker) => worker.stop()));
  }
  expect(await env.db('link_checks').pluck('outcome')).toEqual(Array(CHECKS).fill('ok'));
  calls.sort((a, b) => a.start - b.start);
  expect(calls).toHaveLength(CHECKS);
  for (let index = 1; index < calls.length; index += 1) expect(calls[index]!.start - calls[index - 1]!.end).toBeGreaterThanOrEqual(DELAY_MS - 1);
}, 60_000);
