/**
 * Webhook delivery under editing load, through the real API and the worker's delivery path:
 * 100 local receivers (each its own port, so its own host for the egress module's one call per
 * host), each with a webhook told of `record.updated`; beside them, a plain user's 8 receivers
 * that answer after BENCH_SLOW_ANSWER_MS (10 s), each with such a webhook too; 8 curators each
 * renaming their own record every BENCH_SAVE_INTERVAL_MS for BENCH_SECONDS, each starting at a
 * random moment of the first interval (not all in step). Measured in the same run:
 *   - change → delivered: from the change (its transaction's start, the delivery's `timestamp`)
 *     to the receiver taking it, p50/p95 over every delivery to the ordinary receivers (target
 *     p95 ≤ 2 s, the slow receivers only delaying themselves), split at the dispatcher's run
 *     that wrote the delivery (its transaction's start, the row's `created_at`); and the slow
 *     receivers' own figures (their lanes send one delivery at a time, 10 s each, so they fall
 *     behind: the run does not wait for them);
 *   - save → searchable: from sending the rename until a search for the new name finds the record;
 *   - every delivery's signature checked, and each change received once per webhook-id;
 *   - link checks per minute, per host and overall, on 8 local servers during the saves
 *     (`measureLinkChecks` of scripts/bench/link-checks.ts, the link checker's egress settings).
 * The indexer (with its sweeper) and the webhook worker run in-process with their defaults, as
 * `npm start` runs them. Own database, index and queue prefixes, dropped afterwards.
 *
 *   npx tsx scripts/bench/webhooks.ts   (BENCH_SECONDS=30, BENCH_SAVE_INTERVAL_MS=2000, BENCH_ENDPOINTS=100,
 *                                        BENCH_SLOW_ENDPOINTS=8, BENCH_SLOW_ANSWER_MS=10000)
 *
 */
import { performance } from 'node:perf_hooks';
import { runCli } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { buildApp } from '@registry/api';
import { signUserToken } from '@registry/api/http/auth.ts';
import { startWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { startIndexer } from '@registry/indexer';
import { startReceiver, verifySignature, type ReceivedDelivery, type Receiver } from '../../tests/webhooks/receiver.ts';
import { buildBenchCatalogue, loadAverage } from './bench-server.ts';
import { measureLinkChecks, type LinkCheckFigures } from './link-checks.ts';
import { editableRecords, percentile, renamePayload, waitUntilFound } from './record-saves.ts';

const SECONDS = Number(process.env.BENCH_SECONDS) || 30;
const SAVE_INTERVAL_MS = Number(process.env.BENCH_SAVE_INTERVAL_MS) || 2_000;
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS) || 100;
const SLOW_ENDPOINTS = Number(process.env.BENCH_SLOW_ENDPOINTS ?? 8);
const SLOW_ANSWER_MS = Number(process.env.BENCH_SLOW_ANSWER_MS) || 10_000;
const CURATORS = 8;

function summary(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (n=${values.length})`;
}

const linkFigures = (figures: LinkCheckFigures) =>
  `${figures.perMinute.toFixed(0)}/min overall, per host ${Math.min(...figures.perHostPerMinute).toFixed(0)}–${Math.max(...figures.perHostPerMinute).toFixed(0)}/min, ${figures.failures} failed`;

runCli(async () => {
  const stamp = Date.now().toString(36);
  const receivers: Receiver[] = [];
  for (let n = 0; n < ENDPOINTS; n += 1) receivers.push(await startReceiver());
  const slowReceivers: Receiver[] = [];
  for (let n = 0; n < SLOW_ENDPOINTS; n += 1) {
    const receiver = await startReceiver();
    receiver.delay('/hook', SLOW_ANSWER_MS);
    slowReceivers.push(receiver);
  }
  const everyReceiver = [...receivers, ...slowReceivers];
  const catalogue = await buildBenchCatalogue('webhooks', 0).catch(async (error: unknown) => {
    await Promise.all(everyReceiver.map((receiver) => receiver.close()));
    throw error;
  });
  const { db, client } = catalogue;
  // Every local receiver is the host 127.0.0.1, and one account owns the 100: the bounds per
  // account and per host are raised here so that the run measures the lanes, not the bounds.
  const config = {
    ...catalogue.config,
    egressAllow: everyReceiver.map((receiver) => receiver.hostPort),
    webhooks: { ...catalogue.config.webhooks, maxPerAccount: ENDPOINTS + SLOW_ENDPOINTS, maxPerHost: ENDPOINTS + SLOW_ENDPOINTS },
  };
  const alias = recordsAlias(config.indexPrefix);
  try {
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
      const [slowOwner] = await db('users').insert({ username: 'bench-slow-hook-owner', email: 'slow-hooks@example.org', role: 'user', confirmed_at: db.fn.now() }).returning('id');
      const slowAuthorization = `Bearer ${await signUserToken(app, slowOwner.id)}`;
      for (const receiver of slowReceivers) {
        const created = await app.inject({
          method: 'POST', url: '/webhooks', headers: { authorization: slowAuthorization },
          payload: { webhook: { url: receiver.url('/hook'), events: ['record.updated'] } },
        });
        if (created.statusCode !== 201) throw new Error(`slow webhook not registered: ${created.statusCode} ${created.body}`);
        secrets.set(receiver.hostPort, created.json().secret);
      }
      const slowHostPorts = new Set(slowReceivers.map((receiver) => receiver.hostPort));
      const curators = await Promise.all(Array.from({ length: CURATORS }, async (_, n) => {
        const [row] = await db('users').insert({ username: `bench-curator-${n}`, email: `curator${n}@example.org`, role: 'curator', confirmed_at: db.fn.now() }).returning('id');
        return `Bearer ${await signUserToken(app, row.id)}`;
      }));
      const records = await editableRecords(db, CURATORS);
      const objectTypeIds = [Number((await db('object_types').orderBy('id').first('id')).id)];

      const deliveries: { receiver: string; delivery: ReceivedDelivery }[] = [];
      for (const receiver of receivers) receiver.onDelivery = (item) => deliveries.push({ receiver: receiver.hostPort, delivery: item });
      const slowDeliveries: { receiver: string; delivery: ReceivedDelivery }[] = [];
      for (const receiver of slowReceivers) receiver.onDelivery = (item) => slowDeliveries.push({ receiver: receiver.hostPort, delivery: item });

      const before = await db('public_changes').max({ id: 'id' }).first();
      console.log(`load average before: ${loadAverage()}`);
      const searchable: number[] = [];
      const saveLatency: number[] = [];
      const until = performance.now() + SECONDS * 1_000;
      const linkChecks = measureLinkChecks({ seconds: SECONDS / 2, hosts: 8, concurrency: 4 });
      await Promise.all(records.map(async (record, editor) => {
        // Curators start at random moments of the first interval, as people do, instead of all in step.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * SAVE_INTERVAL_MS));
        for (let n = 0; performance.now() < until; n += 1) {
          const started = performance.now();
          const name = `${record.name} rev ${stamp}x${editor}x${n}`;
          const response = await app.inject({
            method: 'PUT', url: `/fairsharing_records/${record.id}`, headers: { authorization: curators[editor]! },
            payload: renamePayload(record, name, objectTypeIds),
          });
          if (response.statusCode !== 200) throw new Error(`save failed: ${response.statusCode} ${response.body}`);
          saveLatency.push(performance.now() - started);
          await waitUntilFound(client, alias, name, record.id);
          searchable.push(performance.now() - started);
          const pause = started + SAVE_INTERVAL_MS - performance.now();
          if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }));
      // What is owed: every change the dispatcher told of, to every endpoint; it is told of all once it has run after the last save.
      const links = await linkChecks;
      await delivery.dispatch();
      const changes = await db('public_changes').where('id', '>', Number(before?.id ?? 0)).count({ n: '*' }).first();
      const slowHooks = db('webhooks').whereIn('url', slowReceivers.map((receiver) => receiver.url('/hook'))).select('id');
      const owed = await db('webhook_deliveries').whereNotIn('webhook_id', slowHooks).select(db.raw('count(*) AS deliveries'), db.raw('count(DISTINCT change_cursor) AS changes')).first();
      const slowOwed = Number((await db('webhook_deliveries').whereIn('webhook_id', slowHooks).count({ n: '*' }).first())?.n ?? 0);
      const expected = Number(owed?.deliveries ?? 0);
      const drainStarted = performance.now();
      while (deliveries.length < expected && performance.now() - drainStarted < 60_000) await new Promise((resolve) => setTimeout(resolve, 100));
      console.log(`load average after:  ${loadAverage()}`);

      const latencies = deliveries.map(({ delivery: item }) => item.receivedAt - Date.parse(item.payload.timestamp));
      // Where the time goes: the dispatcher writing the delivery, then the queue and worker sending it.
      const written = new Map<string, number>();
      for (const row of await db('webhook_deliveries').select('id', db.raw('extract(epoch FROM created_at) * 1000 AS at'))) written.set(String(row.id), Number(row.at));
      const toWritten = deliveries.map(({ delivery: item }) => (written.get(item.id) ?? NaN) - Date.parse(item.payload.timestamp));
      const toSent = deliveries.map(({ delivery: item }) => item.receivedAt - (written.get(item.id) ?? NaN));
      const ids = new Set(deliveries.map(({ receiver, delivery: item }) => `${receiver} ${item.id}`));
      const badSignatures = deliveries.filter(({ receiver, delivery: item }) => !verifySignature(secrets.get(receiver)!, item)).length;
      const slowIds = new Set(slowDeliveries.map(({ receiver, delivery: item }) => `${receiver} ${item.id}`));
      const slowBadSignatures = slowDeliveries.filter(({ receiver, delivery: item }) => !verifySignature(secrets.get(receiver)!, item)).length;
      const slowLatencies = slowDeliveries.map(({ delivery: item }) => item.receivedAt - Date.parse(item.payload.timestamp));
      const slowMarked = await db('webhooks').whereIn('id', slowHooks).where('slow_until', '>', db.fn.now()).count({ n: '*' }).first();
      console.log(`\nwebhooks: ${ENDPOINTS} endpoints and ${SLOW_ENDPOINTS} answering after ${SLOW_ANSWER_MS} ms, ${CURATORS} curators each saving every ${SAVE_INTERVAL_MS} ms for ${SECONDS} s`);
      console.log(`  saves: ${saveLatency.length} (save latency ${summary(saveLatency)})`);
      console.log(`  changes logged: ${Number(changes?.n ?? 0)}, told: ${Number(owed?.changes ?? 0)} (the rest: updates that say nothing, a renamed record's neighbours re-indexed)`);
      console.log(`  deliveries: ${deliveries.length} received of ${expected} owed, ${deliveries.length - ids.size} repeated ids, ${badSignatures} bad signatures`);
      console.log(`  change → delivered: ${summary(latencies)}   target p95 ≤ 2000 ms (the ${ENDPOINTS} ordinary endpoints)`);
      console.log(`    change → dispatcher run: ${summary(toWritten)}`);
      console.log(`    dispatcher run → delivered: ${summary(toSent)}`);
      if (SLOW_ENDPOINTS > 0) {
        console.log(`  slow endpoints (${SLOW_ENDPOINTS}, ${slowHostPorts.size} hosts): ${slowDeliveries.length} received of ${slowOwed} owed by the end, `
          + `${slowDeliveries.length - slowIds.size} repeated ids (a delivery cut off at the fast lane's budget is sent again), ${slowBadSignatures} bad signatures, `
          + `${Number(slowMarked?.n ?? 0)} of ${SLOW_ENDPOINTS} webhooks in their own lane`);
        if (slowLatencies.length > 0) console.log(`    change → received: ${summary(slowLatencies)}`);
      }
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
    await catalogue.drop();
    await Promise.all(everyReceiver.map((receiver) => receiver.close()));
  }
});
