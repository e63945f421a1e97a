/**
 * Indexing throughput: a full `reindexAll` (Postgres -> documents -> OpenSearch, alias swap)
 * beside raw `_bulk` of the same documents sent directly (OpenSearch alone), for
 *   1. the real corpus: the database at DATABASE_URL when it holds records, otherwise a fresh
 *      bench database seeded with the demo catalogue;
 *   2. a SYNTHETIC corpus of 100,000 records made by copying the real one with deterministic
 *      variations of names and descriptions (marked `provenance.synthetic`), in its own bench
 *      database.
 * Everything it creates (bench databases, `bench_*` indices) is dropped afterwards; the live
 * alias of DATABASE_URL is never touched.
 *
 *   npx tsx scripts/bench/index.ts            (BENCH_SYNTHETIC_RECORDS=100000 by default;
 *                                              BENCH_CORPORA=real or =synthetic runs one part)
 */
import { performance } from 'node:perf_hooks';
import {
  createDatabase,
  createSearchClient,
  dropDatabase,
  ensureDatabaseExists,
  loadConfig,
  migrateLatest,
  runCli,
  type Database,
  type SearchClient,
} from '@registry/platform';
import { recordsMapping } from '@registry/schemas';
import { buildSearchDocument } from '../../indexer/src/build-search-document.ts';
import { loadIndexableRecords } from '../../indexer/src/load-records.ts';
import { reindexAll } from '../../indexer/src/reindex.ts';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.ts';
import { copyRealRecords } from '../seed/synthetic-copies.ts';

const BATCH = 500;

interface Figures {
  corpus: string;
  documents: number;
  reindexSeconds: number;
  bulkSeconds: number;
  bulkMegabytes: number;
}

function databaseUrlNamed(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function recordCount(db: Database): Promise<number> {
  const [row] = await db('records').count<{ count: string }[]>('* as count');
  return Number(row!.count);
}

/**
 * Sends the documents straight to a fresh index with `_bulk`, timing only the bulk calls
 * (documents are loaded and built between calls, outside the clock).
 */
async function rawBulk(
  db: Database,
  client: SearchClient,
  index: string,
): Promise<{ seconds: number; bytes: number; documents: number }> {
  const body: Record<string, unknown> = {
    settings: { ...recordsMapping.settings, refresh_interval: '-1' },
    mappings: recordsMapping.mappings,
  };
  await client.indices.create({ index, body });
  let lastId = 0;
  let elapsed = 0;
  let bytes = 0;
  let documents = 0;
  try {
    for (;;) {
      const rows: { id: number }[] = await db('records')
        .select('id')
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(BATCH);
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1]!.id;
      const built = (
        await loadIndexableRecords(
          db,
          rows.map((row) => row.id),
        )
      ).map(buildSearchDocument);
      const ndjson = built
        .map(
          (document) =>
            `${JSON.stringify({ index: { _index: index, _id: String(document.id) } })}\n${JSON.stringify(document)}\n`,
        )
        .join('');
      bytes += Buffer.byteLength(ndjson);
      const started = performance.now();
      // The client passes a ready NDJSON string through untouched (its types only list arrays).
      const response = await client.bulk({ body: ndjson as unknown as Record<string, unknown>[] });
      elapsed += performance.now() - started;
      if (response.body.errors) throw new Error(`raw bulk reported errors on ${index}`);
      documents += built.length;
    }
    const refreshing = performance.now();
    await client.indices.refresh({ index });
    elapsed += performance.now() - refreshing;
  } finally {
    await client.indices.delete({ index }, { ignore: [404] });
  }
  return { seconds: elapsed / 1000, bytes, documents };
}

async function measure(
  db: Database,
  client: SearchClient,
  corpus: string,
  prefix: string,
): Promise<Figures> {
  console.log(`bench: ${corpus}: full reindex under ${prefix}`);
  const reindex = await reindexAll({
    db,
    client,
    indexPrefix: prefix,
    log: (line) => console.log(`  ${line}`),
  });
  await client.indices.delete({ index: `${prefix}records*` }, { ignore: [404] });
  console.log(`bench: ${corpus}: raw _bulk of the same documents`);
  const bulk = await rawBulk(db, client, `${prefix}rawbulk`);
  const figures = {
    corpus,
    documents: reindex.documents,
    reindexSeconds: reindex.tookMs / 1000,
    bulkSeconds: bulk.seconds,
    bulkMegabytes: bulk.bytes / 1_048_576,
  };
  console.log(
    `bench: ${corpus}: ${figures.documents} docs, reindex ${figures.reindexSeconds.toFixed(1)} s, raw bulk ${figures.bulkSeconds.toFixed(1)} s`,
  );
  return figures;
}

async function withBenchDatabase<T>(
  baseUrl: string,
  name: string,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const url = databaseUrlNamed(baseUrl, name);
  await ensureDatabaseExists(url);
  const db = createDatabase(url);
  try {
    await migrateLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
    await dropDatabase(url);
  }
}

function printTable(rows: Figures[]): void {
  const line = (cells: string[]) =>
    console.log(
      cells.map((cell, index) => (index === 0 ? cell.padEnd(26) : cell.padStart(14))).join(' '),
    );
  console.log('');
  line([
    'corpus',
    'documents',
    'reindex s',
    'reindex doc/s',
    'raw bulk s',
    'raw bulk doc/s',
    'NDJSON MB',
  ]);
  for (const row of rows) {
    line([
      row.corpus,
      String(row.documents),
      row.reindexSeconds.toFixed(1),
      Math.round(row.documents / row.reindexSeconds).toString(),
      row.bulkSeconds.toFixed(1),
      Math.round(row.documents / row.bulkSeconds).toString(),
      row.bulkMegabytes.toFixed(0),
    ]);
  }
  console.log(
    '\nreindex = read Postgres in batches of 500 + build + versioned bulk + refresh + count check + alias swap;',
  );
  console.log(
    'raw bulk = the same documents, pre-built and pre-serialised, timing only the _bulk calls and one final refresh.',
  );
}

runCli(async () => {
  const config = loadConfig();
  const client = createSearchClient(config);
  const stamp = Date.now().toString(36);
  const synthetic = Number(process.env.BENCH_SYNTHETIC_RECORDS || 100_000);
  const corpora = (process.env.BENCH_CORPORA || 'real,synthetic').split(',');
  const figures: Figures[] = [];
  try {
    if (corpora.includes('real')) {
      const configured = createDatabase(config.databaseUrl);
      const realCount = await recordCount(configured).catch(() => 0);
      if (realCount > 0) {
        figures.push(
          await measure(configured, client, 'real corpus (DATABASE_URL)', `bench_${stamp}_real_`),
        );
        await configured.destroy();
      } else {
        await configured.destroy();
        figures.push(
          await withBenchDatabase(
            config.databaseUrl,
            `registry_bench_${stamp}_real`,
            async (db) => {
              await seedDemoCatalogue(db);
              return measure(db, client, 'real corpus (seeded)', `bench_${stamp}_real_`);
            },
          ),
        );
      }
    }
    if (corpora.includes('synthetic'))
      figures.push(
        await withBenchDatabase(
          config.databaseUrl,
          `registry_bench_${stamp}_synthetic`,
          async (db) => {
            await seedDemoCatalogue(db);
            const total = await copyRealRecords(db, synthetic);
            console.log(
              `bench: synthetic corpus: ${total} records (copies marked provenance.synthetic)`,
            );
            return measure(
              db,
              client,
              `synthetic ${Math.round(total / 1000)}k (varied copies)`,
              `bench_${stamp}_synthetic_`,
            );
          },
        ),
      );
    printTable(figures);
  } finally {
    await client.indices
      .delete({ index: `bench_${stamp}_*` }, { ignore: [404] })
      .catch(() => undefined);
    await client.close();
  }
});
