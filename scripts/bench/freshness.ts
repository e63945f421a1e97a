/**
 * How soon a save is searchable, and what a section save costs, through the real API:
 *   1. freshness: 200 renames through `PUT /fairsharing_records/{id}` (general information),
 *      each timed until a search for the new name finds the record (the outbox → queue →
 *      indexer pipeline running in-process, as `npm start` runs it), p50/p95; beside the
 *      baseline of writing one document straight to OpenSearch and searching until it shows;
 *   2. section-save latency: `PUT` of the support section at 1 and 8 concurrent editors, each
 *      on its own record, p50/p95.
 * Runs in its own bench database (seeded with the demo catalogue), index prefix and queue
 * prefix, all dropped afterwards. Loopback only; bounded in count.
 *
 *   npx tsx scripts/bench/freshness.ts      (BENCH_SAVES=200 by default)
 */
import { performance } from 'node:perf_hooks';
import { runCli } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { buildApp } from '@registry/api';
import { signUserToken } from '@registry/api/http/auth.ts';
import { startIndexer } from '@registry/indexer';
import { buildBenchCatalogue } from './bench-server.ts';
import { editableRecords, percentile, renamePayload, waitUntilFound } from './record-saves.ts';

const SAVES = Number(process.env.BENCH_SAVES) || 200;

function summary(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms (n=${values.length})`;
}

runCli(async () => {
  const stamp = Date.now().toString(36);
  const catalogue = await buildBenchCatalogue('freshness', 0);
  const { config, db, client } = catalogue;
  const alias = recordsAlias(config.indexPrefix);
  try {
    const indexer = await startIndexer(config, { ensureIndex: false, log: () => undefined });
    const app = await buildApp({ config, logger: false, rateLimitMax: 1_000_000, db });
    try {
      await app.ready();
      const [curator] = await db('users').insert({ username: 'bench-curator', email: 'bench@example.org', role: 'curator', confirmed_at: db.fn.now() }).returning('id');
      const authorization = `Bearer ${await signUserToken(app, curator.id)}`;
      const records = await editableRecords(db, 8);
      const objectTypeIds = [Number((await db('object_types').orderBy('id').first('id')).id)];

      // Baseline: one document written straight to OpenSearch, searched until it shows.
      const baseline: number[] = [];
      const baselineIndex = `${config.indexPrefix}baseline`;
      await client.indices.create({ index: baselineIndex, body: { mappings: { properties: { name: { type: 'text' } } } } });
      for (let n = 0; n < Math.min(SAVES, 50); n += 1) {
        const started = performance.now();
        const name = `Baseline freshness ${stamp} ${n}`;
        await client.index({ index: baselineIndex, id: String(n), body: { name } });
        await waitUntilFound(client, baselineIndex, name, n);
        baseline.push(performance.now() - started);
      }

      const freshness: number[] = [];
      for (let n = 0; n < SAVES; n += 1) {
        const record = records[n % records.length]!;
        const name = `${record.name} revision ${stamp}x${n}`;
        const started = performance.now();
        const response = await app.inject({
          method: 'PUT', url: `/fairsharing_records/${record.id}`, headers: { authorization },
          payload: renamePayload(record, name, objectTypeIds),
        });
        if (response.statusCode !== 200) throw new Error(`save failed: ${response.statusCode} ${response.body}`);
        await waitUntilFound(client, alias, name, record.id);
        freshness.push(performance.now() - started);
      }

      const sectionSaves = async (editors: number, perEditor: number): Promise<number[]> => {
        const timings: number[] = [];
        await Promise.all(records.slice(0, editors).map(async (record, editor) => {
          for (let n = 0; n < perEditor; n += 1) {
            const started = performance.now();
            const response = await app.inject({
              method: 'PUT', url: `/fairsharing_records/${record.id}`, headers: { authorization },
              payload: { section: 'support', fairsharing_record: { metadata: { support_links: [{ url: `https://fairsharing.org/${record.id}?editor=${editor}&n=${n}`, name: 'Record page', type: 'Other' }] } } },
            });
            if (response.statusCode !== 200) throw new Error(`section save failed: ${response.statusCode} ${response.body}`);
            timings.push(performance.now() - started);
          }
        }));
        return timings;
      };
      const one = await sectionSaves(1, 100);
      const eight = await sectionSaves(8, 25);

      console.log('\nfreshness (save → found by its new name in search)');
      console.log(`  raw OpenSearch (index one document, search until found): ${summary(baseline)}`);
      console.log(`  API save → search:                                        ${summary(freshness)}   target p95 ≤ 1500 ms`);
      console.log('section-save latency (PUT /fairsharing_records/{id}, support section)');
      console.log(`  1 editor:  ${summary(one)}`);
      console.log(`  8 editors: ${summary(eight)}`);
      await client.indices.delete({ index: baselineIndex });
    } finally {
      await app.close();
      await indexer.stop();
    }
  } finally {
    await catalogue.drop();
  }
});
