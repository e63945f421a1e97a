/**
 * Curation figures on a synthetic catalogue (copies of the real records, marked
 * `provenance.synthetic`) with many people:
 *   1. each curator dashboard tab as the dashboard pages it (first page, a deep page, each sort),
 *      p50/p95 over repeated runs, beside a baseline measured in the same run (one record read
 *      by primary key);
 *   2. one hourly change-digest run for every watcher (mails go to a counting mailer, not SMTP),
 *      beside its baseline: the digest's SQL alone.
 * It works in its own bench database, dropped afterwards unless BENCH_KEEP=1 (then its name is
 * printed, for EXPLAIN ANALYZE by hand; drop it yourself when done).
 *
 *   npx tsx scripts/bench/curation.ts   (BENCH_SYNTHETIC_RECORDS=100000, BENCH_USERS=10000,
 *                                        BENCH_EDITS=2×BENCH_USERS, BENCH_RUNS=30 by default)
 */
import { performance } from 'node:perf_hooks';
import { createDatabase, dropDatabase, ensureDatabaseExists, loadConfig, migrateLatest, runCli, type Database } from '@registry/platform';
import { viewerForUser, type Viewer } from '@registry/schemas';
import * as curation from '../../services/api/src/curation/curation-service.ts';
import { sendChangeDigests } from '../../services/api/src/watching/watching-service.ts';
import { pendingDigestEvents } from '../../services/api/src/watching/watching-repository.ts';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.ts';
import { copyRealRecords } from '../seed/synthetic-copies.ts';

const RECORDS = Number(process.env.BENCH_SYNTHETIC_RECORDS || 100_000);
const USERS = Number(process.env.BENCH_USERS || 10_000);
/** The edits go round the watchers, one of each person's watched records per round, so every watcher has news. */
const EDITS = Number(process.env.BENCH_EDITS || 2 * USERS);
const RUNS = Number(process.env.BENCH_RUNS || 30);
const WATCHED_PER_USER = 3;
/** A page far down a long list (offset paging reads the rows before it). */
const DEEP_PAGE = 1000;

function databaseUrlNamed(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function timed(run: () => Promise<unknown>, times: number): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(fraction * samples.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

/** People, what they watch, a few hundred pending claims and unapproved or hidden records, and an hour of edits to watched records. */
async function populate(db: Database): Promise<number> {
  const ids: number[] = (await db('records').orderBy('id').pluck('id')).map(Number);
  const pick = (n: number) => ids[(n * 7919) % ids.length];
  const [curator] = await db('users').insert({ username: 'bench-curator', email: 'bench-curator@example.org', role: 'curator', confirmed_at: new Date() }).returning('id');
  const people: number[] = [];
  for (let start = 0; start < USERS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, USERS - start) }, (_, i) => ({ username: `bench-user-${start + i}`, email: `bench-user-${start + i}@example.org`, confirmed_at: new Date() }));
    const inserted: { id: number }[] = await db('users').insert(rows).returning('id');
    people.push(...inserted.map((user) => Number(user.id)));
    const watches = inserted.flatMap((user, i) => Array.from({ length: WATCHED_PER_USER }, (_, k) => ({ record_id: pick((start + i) * WATCHED_PER_USER + k), user_id: user.id })));
    await db('record_watchers').insert(watches).onConflict(['record_id', 'user_id']).ignore();
    await db('maintenance_requests').insert(inserted.slice(0, 30).map((user, i) => ({ record_id: pick(start + i + 11), user_id: user.id })));
  }
  await db('records').whereIn('id', ids.filter((_, i) => i % 50 === 0)).update({ is_approved: false });
  await db('records').whereIn('id', ids.filter((_, i) => i % 70 === 1)).update({ is_hidden: true });
  // Creators and last editors, so the lists joining them have rows: the curator created a third of
  // the records and people another third; one in 20 was last edited by a person in the last 120 days.
  const person = `(?::int[])[1 + r.id % ${people.length}]`;
  await db.raw(`UPDATE records r SET created_by_id = CASE WHEN r.id % 3 = 0 THEN ?::int ELSE ${person} END WHERE r.id % 3 <> 2`, [curator.id, people]);
  await db.raw(`UPDATE records r SET last_editor_id = ${person}, last_edited = now() - make_interval(days => r.id % 120) WHERE r.id % 20 = 3`, [people]);
  for (let start = 0; start < EDITS; start += 1000) {
    await db('edit_events').insert(Array.from({ length: Math.min(1000, EDITS - start) }, (_, i) => ({
      record_id: pick(((start + i) % USERS) * WATCHED_PER_USER + (Math.floor((start + i) / USERS) % WATCHED_PER_USER)), user_id: curator.id, edit_type: 'update', edit_event: JSON.stringify({ section: (start + i) % 2 ? 'publications' : 'support', changes: {} }),
    })));
  }
  await db.raw('ANALYZE');
  return Number(curator.id);
}

runCli(async () => {
  const config = loadConfig();
  const url = databaseUrlNamed(config.databaseUrl, `registry_bench_${Date.now().toString(36)}_curation`);
  await ensureDatabaseExists(url);
  const db = createDatabase(url);
  try {
    await migrateLatest(db);
    await seedDemoCatalogue(db);
    const total = await copyRealRecords(db, RECORDS);
    const curatorId = await populate(db);
    console.log(`bench: ${total} records, ${USERS} people watching ${WATCHED_PER_USER} records each, ${EDITS} edits in the last hour`);
    const viewer = viewerForUser({ id: curatorId, username: 'bench-curator', role: 'curator' }, 'session');

    // Each tab as the dashboard asks for it: the first page in its own order, a deep page
    // (offset paging), and, for the sortable tabs, the first page in each order it offers.
    const tabs: [string, (db: Database, viewer: Viewer, args?: curation.PageArgs) => Promise<unknown>, boolean][] = [
      ['curatorApprovalsRequired', curation.awaitingApproval, true],
      ['userApprovalsRequired', curation.recentUserEdits, true],
      ['pendingMaintenanceRequests', curation.pendingClaims, true],
      ['hiddenRecords', curation.hiddenRecords, true],
      ['incompleteRecords', curation.incompleteRecords, true],
      ['leastRecentlyUpdated', curation.leastRecentlyUpdated, true],
      ['needsReview', curation.needsReview, false],
      ['recentCuratorCreations', curation.recentCuratorCreations, false],
    ];
    const queries: [string, () => Promise<unknown>][] = [
      ['baseline: record by id', () => db('records').where({ id: 1 }).first('id', 'name')],
      ...tabs.flatMap(([name, tab, sortable]): [string, () => Promise<unknown>][] => [
        [name, () => tab(db, viewer, {})],
        [`${name} page ${DEEP_PAGE}`, () => tab(db, viewer, { page: DEEP_PAGE })],
        ...(sortable ? curation.CURATION_SORTS.map((sort): [string, () => Promise<unknown>] => [`${name} sort=${sort}`, () => tab(db, viewer, { sort })]) : []),
      ]),
      ['curatorSummaryStatistics', () => curation.summaryStatistics(db, viewer)],
    ];
    console.log(`\n${'query'.padEnd(48)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}   (${RUNS} runs each)`);
    for (const [name, run] of queries) {
      await run();
      const { p50, p95 } = await timed(run, RUNS);
      console.log(`${name.padEnd(48)}${p50.toFixed(1).padStart(10)}${p95.toFixed(1).padStart(10)}`);
    }

    const now = new Date(Date.now() + 60_000);
    const since = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
    const sqlStarted = performance.now();
    const rows = await pendingDigestEvents(db, now, since);
    const sqlSeconds = (performance.now() - sqlStarted) / 1000;
    let mails = 0;
    const digestStarted = performance.now();
    await sendChangeDigests({
      db,
      mailer: { send: async () => { mails += 1; }, close: () => undefined },
      mailContext: { publicUrl: 'http://bench.test', siteName: 'FAIRsharing' },
      secret: 'bench-secret-bench-secret-bench-secret',
      warn: () => undefined,
    }, now);
    const digestSeconds = (performance.now() - digestStarted) / 1000;
    console.log(`\nchange digest for ${USERS} watchers: ${mails} mails from ${rows.length} edit notices`);
    console.log(`${'baseline: digest SQL alone'.padEnd(30)}${sqlSeconds.toFixed(2).padStart(10)} s`);
    console.log(`${'full digest run'.padEnd(30)}${digestSeconds.toFixed(2).padStart(10)} s`);
  } finally {
    await db.destroy();
    if (process.env.BENCH_KEEP === '1') console.log(`\nkept bench database: ${url}`);
    else await dropDatabase(url);
  }
});
