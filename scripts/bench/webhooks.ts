/**
 * Webhook delivery under editing load, through the real API and the worker's delivery path:
 * 100 local receivers (each its own port, so its own host for the egress module's one call per
 * host), each with a webhook told of `record.updated`; 8 curators each renaming their own record
 * every BENCH_SAVE_INTERVAL_MS for BENCH_SECONDS. Measured in the same run:
 *   - change → delivered: from the change (its transaction's start, the delivery's `timestamp`)
 *     to the receiver taking it, p50/p95 over every delivery (target p95 ≤ 2 s);
 *   - save → searchable: from sending the rename until a search for the new name finds the record;
 *   - every delivery's signature checked, and each change received once per webhook-id;
 *   - link checks per minute, per host and overall, on 8 local servers during the saves
 *     (`measureLinkChecks` of scripts/bench/link-checks.ts, the link checker's egress settings).
 * The indexer (with its sweeper) and the webhook worker run in-process with their defaults, as
 * `npm start` runs them. Own database, index and queue prefixes, dropped afterwards.
 *
 *   npx tsx scripts/bench/webhooks.ts   (BENCH_SECONDS=30, BENCH_SAVE_INTERVAL_MS=2000, BENCH_ENDPOINTS=100)
 *
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDatabase, createSearchClient, dropDatabase, ensureDatabaseExists, loadConfig, migrateLatest, runCli, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { buildApp } from '@registry/api';
import { signUserToken } from '@registry/api/plugins/auth.ts';
import { startWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { reindexAll, startIndexer } from '@registry/indexer';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.ts';
import { startReceiver, verifySignature, type ReceivedDelivery, type Receiver } from '../../tests/webhooks/receiver.ts';
import { measureLinkChecks, type LinkCheckFigures } from './link-checks.ts';

const SECONDS = Number(process.env.BENCH_SECONDS) || 30;
const SAVE_INTERVAL_MS = Number(process.env.BENCH_SAVE_INTERVAL_MS) || 2_000;
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS) || 100;
const CURATORS = 8;
const SEARCH_POLL_MS = 25;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (n=${values.length})`;
}

async function waitUntilFound(client: SearchClient, alias: string, name: string, id: number): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const response = await client.search({ index: alias, body: { size: 5, _source: false, query: { match_phrase: { name } } } });
    if ((response.body.hits.hits as { _id: string }[]).some((hit) => Number(hit._id) === id)) return;
    await new Promise((resolve) => setTimeout(resolve, SEARCH_POLL_MS));
  }
  throw new Error(`record ${id} not found as "${name}" within 30 s`);
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

const linkFigures = (figures: LinkCheckFigures) =>
  `${figures.perMinute.toFixed(0)}/min overall, per host ${Math.min(...figures.perHostPerMinute).toFixed(0)}–${Math.max(...figures.perHostPerMinute).toFixed(0)}/min, ${figures.failures} failed`;

runCli(async () => {
  const base = loadConfig(process.env);
  const stamp = Date.now().toString(36);
  const url = new URL(base.databaseUrl);
  url.pathname = `/registry_bench_webhooks_${stamp}`;
  const receivers: Receiver[] = [];
  for (let n = 0; n < ENDPOINTS; n += 1) receivers.push(await startReceiver());
  const config = {
    ...base, databaseUrl: url.toString(), indexPrefix: `bench_hooks_${stamp}_`, queuePrefix: `bench_hooks_${stamp}`,
    egressAllow: receivers.map((receiver) => receiver.hostPort),
  };
  await ensureDatabaseExists(config.databaseUrl);
  const db = createDatabase(config.databaseUrl);
  const client = createSearchClient(config);
  const alias = recordsAlias(config.indexPrefix);
  try {
    await migrateLatest(db);
    await seedDemoCatalogue(db);
    await reindexAll({ db, client, indexPrefix: config.indexPrefix });
    const indexer = await startIndexer(config, { ensureIndex: false, log: () => undefined });
    const app = await buildApp({ config, logger: false, rateLimitMax: 1_000_000, db });
    const quiet = { info: () => {}, warn: (fields: object, message: string) => console.warn(message, fields), error: () => {} };
    const delivery = startWebhookDelivery(config, db, { log: quiet });
    try {
      await app.ready();
      const [owner] = await db('users').insert({ username: 'bench-hook-owner', email: 'hooks@example.org', role: 'user', confirmed_at: db.fn.now() }).returning('id');
      const ownerAuthorization = `Bearer ${await signUserToken(app, owner.id)}`;
      const secrets = new Map<string, string>();
      for (const receiver of receivers) {
        const created = await app.inject({
          method: 'POST', url: '/webhooks', headers: { authorization: ownerAuthorization },
          payload: { webhook: { url: receiver.url('/hook'), events: ['record.updated'] } },
        });
        if (created.statusCode !== 201) throw new Error(`webhook not registered: ${created.statusCode} ${created.body}`);
        secrets.set(receiver.hostPort, created.json().secret);
      }
      const curators = await Promise.all(Array.from({ length: CURATORS }, async (_, n) => {
        const [row] = await db('users').insert({ username: `bench-curator-${n}`, email: `curator${n}@example.org`, role: 'curator', confirmed_at: db.fn.now() }).returning('id');
        return `Bearer ${await signUserToken(app, row.id)}`;
      }));
      const records: { id: number; name: string; homepage: string; description: string; status: string; record_type_id: number; abbreviation: string | null }[] = await db('records as r')
        .where({ is_hidden: false, is_approved: true }).whereNotNull('r.homepage').whereNotNull('r.record_type_id').whereRaw('length(r.description) >= 40')
        .select('r.id', 'r.name', 'r.homepage', 'r.description', 'r.status', 'r.record_type_id', 'r.abbreviation').orderBy('r.id').limit(CURATORS);
      if (records.length < CURATORS) throw new Error(`the demo catalogue has fewer than ${CURATORS} public records with a homepage and a description`);
      const objectTypeIds = [Number((await db('object_types').orderBy('id').first('id')).id)];

      const deliveries: { receiver: string; delivery: ReceivedDelivery }[] = [];
      for (const receiver of receivers) receiver.onDelivery = (item) => deliveries.push({ receiver: receiver.hostPort, delivery: item });

      const before = await db('public_changes').max({ id: 'id' }).first();
      console.log(`load average before: ${load()}`);
      const searchable: number[] = [];
      const saveLatency: number[] = [];
      const until = performance.now() + SECONDS * 1_000;
      const linkChecks = measureLinkChecks({ seconds: SECONDS / 2, hosts: 8, concurrency: 4 });
      await Promise.all(records.map(async (record, editor) => {
        for (let n = 0; performance.now() < until; n += 1) {
          const started = performance.now();
          const name = `${record.name} rev ${stamp}x${editor}x${n}`;
          const response = await app.inject({
            method: 'PUT', url: `/fairsharing_records/${record.id}`, headers: { authorization: curators[editor]! },
            payload: {
              section: 'generalInformation',
              fairsharing_record: {
                record_type_id: record.record_type_id, object_type_ids: objectTypeIds,
                metadata: { name, abbreviation: record.abbreviation, homepage: record.homepage, description: record.description, status: record.status },
              },
            },
          });
          if (response.statusCode !== 200) throw new Error(`save failed: ${response.statusCode} ${response.body}`);
          saveLatency.push(performance.now() - started);
          await waitUntilFound(client, alias, name, record.id);
          searchable.push(performance.now() - started);
          const pause = started + SAVE_INTERVAL_MS - performance.now();
          if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }));
      // Every change of the run is owed to every endpoint (the feed has one entry per transaction and record).
      const links = await linkChecks;
      const changes = await db('public_changes').where('id', '>', Number(before?.id ?? 0)).count({ n: '*' }).first();
      const expected = Number(changes?.n ?? 0) * ENDPOINTS;
      const drainStarted = performance.now();
      while (deliveries.length < expected && performance.now() - drainStarted < 60_000) await new Promise((resolve) => setTimeout(resolve, 100));
      console.log(`load average after:  ${load()}`);

      const latencies = deliveries.map(({ delivery: item }) => item.receivedAt - Date.parse(item.payload.timestamp));
      const ids = new Set(deliveries.map(({ receiver, delivery: item }) => `${receiver} ${item.id}`));
      const badSignatures = deliveries.filter(({ receiver, delivery: item }) => !verifySignature(secrets.get(receiver)!, item)).length;
      console.log(`\nwebhooks: ${ENDPOINTS} endpoints, ${CURATORS} curators each saving every ${SAVE_INTERVAL_MS} ms for ${SECONDS} s`);
      console.log(`  saves: ${saveLatency.length} (save latency ${summary(saveLatency)})`);
      console.log(`  deliveries: ${deliveries.length} received of ${expected} owed, ${deliveries.length - ids.size} repeated ids, ${badSignatures} bad signatures`);
      console.log(`  change → delivered: ${summary(latencies)}   target p95 ≤ 2000 ms`);
      console.log(`  save → searchable:  ${summary(searchable)}`);
      console.log(`  link checks during the saves (8 local hosts, 4 at a time, 1 s per-host delay, ${SECONDS / 2} s; then plain fetch for as long):`);
      console.log(`    link checker: ${linkFigures(links.checker)}`);
      console.log(`    plain fetch:  ${linkFigures(links.baseline)}`);
    } finally {
      await delivery.stop();
      await app.close();
      await indexer.stop();
    }
  } finally {
    await client.indices.delete({ index: `${config.indexPrefix}*` }).catch(() => undefined);
    await client.close();
    await db.destroy();
    await dropDatabase(config.databaseUrl);
    await Promise.all(receivers.map((receiver) => receiver.close()));
  }
});
