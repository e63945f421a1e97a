/**
 * Losing a member of the cluster loses nothing. The test brings up its own cluster with
 * scripts/cluster.sh (3 OpenSearch nodes, HAProxy, 2 api, 2 worker, 2 scheduler processes, the
 * run's catalogue restored into its own database), puts it under mixed load through the load
 * balancer (searches from several clients, REST paging, section saves from several curators),
 * and kill -9s one OpenSearch node, one api, one worker and the leading scheduler at set moments,
 * then restarts them. Afterwards every save answered 2xx is in Postgres, and within 15 s the index
 * holds every record at its Postgres revision; the searches that failed are few and only around
 * the api's kill; DOIs minted meanwhile (through the local DataCite stand-in, by whichever
 * scheduler leads) are one per record; people watching the saved records, whose hourly change
 * digests fall due just before the leader's kill (the leader sends them) or just after it (its
 * successor does), each get exactly one digest mail in the local mail sink that hour, however many
 * more edits follow; the cluster is green again. Then it brings the cluster down.
 *
 * The only suite that needs the cluster; bounded to a few minutes (load runs LOAD_MS).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, createSearchClient, dropDatabase, loadConfig, recordIndexIntent, type Database, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { buildApp } from '@registry/api';
import { signUserToken } from '@registry/api/http/auth.ts';
import { backupDatabase } from '../../scripts/backup/drill.ts';
import { startFakeDatacite, type FakeDatacite } from '../../scripts/datacite-fake/datacite-fake.ts';
import { startMailSink, type MailSink } from '../../scripts/mail-sink/mail-sink.ts';
import { dropRunResources } from '../support/cleanup.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { leadingScheduler, testCluster, type MemberRole, type TestCluster } from './support/cluster-control.ts';

const run = promisify(execFile);

const LOAD_MS = 50_000;
const SEARCH_CLIENTS = 4;
const PAGING_CLIENTS = 2;
const CURATORS = 4;
/** When each member is killed (ms into the load); all come back at RESTART_AT_MS. */
const KILLS: { at: number; role: MemberRole; member: number | 'leader' }[] = [
  { at: 6_000, role: 'opensearch', member: 2 },
  { at: 12_000, role: 'api', member: 1 },
  { at: 18_000, role: 'worker', member: 1 },
  { at: 24_000, role: 'scheduler', member: 'leader' },
];
const RESTART_AT_MS = 30_000;
/** Time the load balancer takes to mark a killed api down (2 failed checks 500 ms apart) and a margin. */
const MARK_DOWN_MS = 3_000;

const runId = (process.env.TEST_RUN_ID || 'adhoc').toLowerCase().replace(/[^a-z0-9]/g, '');
const cluster: TestCluster = testCluster(`t_${runId}_cl`, { lb: 3150, opensearch: 9211 }, join(tmpdir(), `registry-cluster-${runId}.dump`));

interface Outcome {
  at: number;
  ok: boolean;
  detail: string;
}

interface Save {
  recordId: number;
  answeredAt: number;
}

/** Records whose DOI the test takes away, for the schedulers to mint again during the load. */
const DOI_RECORDS = 40;

/** How often the cluster's leading scheduler looks for change digests due (DIGEST_CHECK_INTERVAL_MS). */
const DIGEST_CHECK_MS = 2_000;
/** People watching a curator's record, in each group: the early group's digests fall due at EARLY_DIGESTS_AT_MS, the late group's right after the leader's kill. */
const WATCHERS_PER_GROUP = 3;
const EARLY_DIGESTS_AT_MS = 20_000;

interface Watcher {
  userId: number;
  email: string;
}

let db: Database;
let search: SearchClient;
let datacite: FakeDatacite;
let mailSink: MailSink;
const watchers: { early: Watcher[]; late: Watcher[] } = { early: [], late: [] };
let doiRecordIds: number[] = [];
let started = 0;
const searches: Outcome[] = [];
const pages: Outcome[] = [];
const saves: Save[] = [];
const failedSaves: Outcome[] = [];
const kills: { role: MemberRole; member: number; at: number }[] = [];
/** Set when the test passed; otherwise afterAll keeps the members' logs in tests/artifacts/cluster-logs/. */
let passed = false;

const now = () => Date.now() - started;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(url: string, init: RequestInit = {}): Promise<Outcome> {
  const at = now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const body = await response.text();
    return { at, ok: response.ok, detail: response.ok ? '' : `${response.status} ${body.slice(0, 200)}` };
  } catch (error) {
    return { at, ok: false, detail: String((error as Error).cause ?? error) };
  }
}

async function searchLoop(client: number): Promise<void> {
  const terms = ['ontology', 'genome', 'protein', 'clinical', 'metabolomics', 'imaging'];
  for (let n = 0; now() < LOAD_MS; n++) {
    searches.push(await call(`${cluster.url}/search/fairsharing_records?page%5Bsize%5D=10`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-client-id': `searcher-${client}` },
      body: JSON.stringify({ q: terms[(client + n) % terms.length] }),
    }));
  }
}

async function pagingLoop(client: number): Promise<void> {
  for (let page = 1 + client * 5; now() < LOAD_MS; page = (page % 30) + 1) {
    pages.push(await call(`${cluster.url}/fairsharing_records?page%5Bnumber%5D=${page}&page%5Bsize%5D=25`, { headers: { accept: 'application/json' } }));
  }
}

async function curatorLoop(recordId: number, authorization: string): Promise<void> {
  for (let n = 0; now() < LOAD_MS; n++) {
    const outcome = await call(`${cluster.url}/fairsharing_records/${recordId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization },
      body: JSON.stringify({
        section: 'support',
        fairsharing_record: { metadata: { support_links: [{ url: `https://fairsharing.org/${recordId}?cluster-save=${n}`, name: 'Record page', type: 'Other' }] } },
      }),
    });
    if (outcome.ok) saves.push({ recordId, answeredAt: now() });
    else failedSaves.push(outcome);
    await pause(200);
  }
}

async function killAndRestart(): Promise<void> {
  for (const kill of KILLS) {
    await pause(Math.max(0, kill.at - now()));
    const member = kill.member === 'leader' ? ((await leadingScheduler(cluster)) ?? 1) : kill.member;
    kills.push({ role: kill.role, member, at: now() });
    await cluster.sh('kill', kill.role, String(member));
    if (kill.role === 'scheduler') await digestsFallDue(watchers.late);
  }
  await pause(Math.max(0, RESTART_AT_MS - now()));
  for (const { role, member } of kills) await cluster.sh('restart', role, String(member));
}

/** The hour since these people's last digest (the time their cursor records) is over from now on. */
async function digestsFallDue(people: Watcher[]): Promise<void> {
  await db('record_change_notices').whereIn('user_id', people.map((person) => person.userId)).update({ last_sent_at: db.raw(`now() - interval '1 hour'`) });
}

async function earlyDigestsFallDue(): Promise<void> {
  await pause(Math.max(0, EARLY_DIGESTS_AT_MS - now()));
  await digestsFallDue(watchers.early);
}

/** Signs a new account in and has it watch a record through the load balancer, as the watching feature does; its digest was sent just now. */
async function addWatcher(name: string, recordId: number, sign: (userId: number) => Promise<string>): Promise<Watcher> {
  const email = `${name.replace(/_/g, '-')}@example.org`;
  const [user] = await db('users').insert({ username: name, email, confirmed_at: db.fn.now() }).returning('id');
  const answer = await call(`${cluster.url}/fairsharing_records/watch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${await sign(user.id)}` },
    body: JSON.stringify({ record_id: recordId, operation: 'watch' }),
  });
  expect(answer.ok, answer.detail).toBe(true);
  await db('record_change_notices').where({ user_id: user.id }).update({ last_sent_at: db.fn.now() });
  return { userId: user.id, email };
}

/** Records whose indexed revision differs from Postgres's (every record compared). */
async function indexLag(): Promise<string[]> {
  const revisions = new Map<number, number>((await db('records').select('id', 'revision')).map((row: { id: number; revision: number }) => [row.id, Number(row.revision)]));
  const alias = recordsAlias(cluster.indexPrefix);
  const indexed = new Map<number, number>();
  let after: (string | number)[] | undefined;
  for (;;) {
    const answer = await search.search({
      index: alias,
      body: { size: 1000, _source: ['revision'], sort: [{ _id: 'asc' }], ...(after ? { search_after: after } : {}), query: { match_all: {} } },
    });
    const hits = answer.body.hits.hits as { _id: string; _source: { revision: number }; sort: (string | number)[] }[];
    for (const hit of hits) indexed.set(Number(hit._id), hit._source.revision);
    if (hits.length < 1000) break;
    after = hits[hits.length - 1]!.sort;
  }
  const differences: string[] = [];
  for (const [id, revision] of revisions) if (indexed.get(id) !== revision) differences.push(`${id}: postgres ${revision}, index ${indexed.get(id)}`);
  for (const id of indexed.keys()) if (!revisions.has(id)) differences.push(`${id}: in the index, not in Postgres`);
  return differences;
}

beforeAll(async () => {
  await run('npm', ['run', 'build'], { cwd: process.cwd(), maxBuffer: 16 * 1024 * 1024 });
  await backupDatabase(sharedCatalogueConfig().databaseUrl, cluster.env.CLUSTER_SEED!);
  datacite = await startFakeDatacite({ prefix: '10.5072' });
  mailSink = await startMailSink();
  Object.assign(cluster.env, {
    DATACITE_URL: datacite.url, DATACITE_PREFIX: datacite.prefix, DATACITE_REPOSITORY_ID: datacite.repositoryId, DATACITE_PASSWORD: datacite.password,
    // DataCite is called through the egress module, which refuses the fake's loopback address unless allowed.
    EGRESS_ALLOW: new URL(datacite.url).host,
    SMTP_URL: mailSink.url, DIGEST_CHECK_INTERVAL_MS: String(DIGEST_CHECK_MS),
  });
  await cluster.sh('up');
  db = createDatabase(cluster.databaseUrl);
  // Approved, visible records a curator marks complete and whose DOI is gone: due one (the
  // catalogue's records all have theirs, and none is marked complete). Changed with an outbox row,
  // as the registry changes a record, so the index follows their new revision before the load.
  doiRecordIds = await db.transaction(async (trx) => {
    const due: { id: number }[] = await trx('records')
      .whereIn('id', trx('records').select('id').whereNotNull('doi').where({ is_approved: true, is_hidden: false }).orderBy('id').limit(DOI_RECORDS))
      .update({ doi: null, is_complete: true })
      .returning('id');
    await recordIndexIntent(trx, 'record', due.map((row) => row.id));
    return due.map((row) => row.id);
  });
  search = createSearchClient({ opensearchUrl: cluster.opensearchUrls.join(',') });
}, 600_000);

afterAll(async () => {
  await cluster.sh('down').catch(() => undefined);
  await datacite?.close();
  await mailSink?.close();
  const logs = join(cluster.env.CLUSTER_DIR!, 'logs');
  if (!passed && existsSync(logs)) cpSync(logs, join(process.cwd(), 'tests/artifacts/cluster-logs'), { recursive: true });
  await db?.destroy();
  await search?.close();
  await dropRunResources({ OPENSEARCH_URL: sharedCatalogueConfig().opensearchUrl, REDIS_URL: sharedCatalogueConfig().redisUrl, INDEX_PREFIX: cluster.indexPrefix, QUEUE_PREFIX: cluster.queuePrefix });
  await dropDatabase(cluster.databaseUrl).catch(() => undefined);
  rmSync(cluster.env.CLUSTER_DIR!, { recursive: true, force: true });
  rmSync(cluster.env.CLUSTER_SEED!, { force: true });
}, 120_000);

describe('the cluster loses a member of each tier under load', () => {
  it('keeps every save, indexes it, fails searches only around the killed api, and returns to green', async () => {
    // Curators' tokens: signed with the cluster's secret, sessions in its database.
    const config = loadConfig({ ...process.env, DATABASE_URL: cluster.databaseUrl, JWT_SECRET: cluster.jwtSecret(), INDEX_PREFIX: cluster.indexPrefix, QUEUE_PREFIX: cluster.queuePrefix, OPENSEARCH_URL: cluster.opensearchUrls.join(',') });
    const signer = await buildApp({ config, logger: false, rateLimitStore: 'memory' });
    const curators: { recordId: number; authorization: string }[] = [];
    // Signed in last, the witness has the highest id: its digest is the last mail of a run.
    let witness: Watcher;
    try {
      const records: { id: number }[] = await db('records').select('id').orderBy('id').limit(CURATORS);
      for (const [index, record] of records.entries()) {
        const [user] = await db('users').insert({ username: `cluster_curator_${index}`, email: `cluster-curator-${index}@example.org`, role: 'curator', confirmed_at: db.fn.now() }).returning('id');
        curators.push({ recordId: record.id, authorization: `Bearer ${await signUserToken(signer, user.id)}` });
      }
      const sign = (userId: number) => signUserToken(signer, userId);
      for (let n = 0; n < 2 * WATCHERS_PER_GROUP; n++) {
        const group = n % 2 === 0 ? watchers.early : watchers.late;
        group.push(await addWatcher(`cluster_watcher_${n}`, records[n % records.length]!.id, sign));
      }
      witness = await addWatcher('cluster_witness', records[0]!.id, sign);
    } finally {
      await signer.close();
    }

    started = Date.now();
    await Promise.all([
      killAndRestart(),
      earlyDigestsFallDue(),
      ...Array.from({ length: SEARCH_CLIENTS }, (_, client) => searchLoop(client)),
      ...Array.from({ length: PAGING_CLIENTS }, (_, client) => pagingLoop(client)),
      ...curators.map((curator) => curatorLoop(curator.recordId, curator.authorization)),
    ]);
    const loadEnded = Date.now();

    // Every 2xx save is in Postgres: a record's revision counts its saves at least.
    expect(saves.length).toBeGreaterThan(CURATORS * 10);
    for (const curator of curators) {
      const acknowledged = saves.filter((save) => save.recordId === curator.recordId).length;
      const events = await db('edit_events').where({ record_id: curator.recordId, edit_type: 'update' }).count<{ count: string }[]>('* as count');
      expect(Number(events[0]!.count), `record ${curator.recordId}`).toBeGreaterThanOrEqual(acknowledged);
    }

    // One digest mail per watcher that hour, from whichever scheduler led, though the curators kept
    // saving. The witness's digest falls due now: once its mail (the last of a run) is in, the
    // schedulers have had a run after the load's last edit, in which a second digest would have gone out.
    await digestsFallDue([witness]);
    await mailSink.waitFor((mail) => mail.to.includes(witness.email), 60_000);
    const digests = mailSink.mails.filter((mail) => mail.subject.includes('you follow'));
    const schedulerKill = kills.find((kill) => kill.role === 'scheduler')!;
    const beforeKill = digests.filter((mail) => mail.receivedAt.getTime() - started < schedulerKill.at).length;
    console.log(`cluster failure test: ${digests.length} change digests, ${beforeKill} of them sent before the leading scheduler's kill`);
    const everyone = [...watchers.early, ...watchers.late, witness];
    const received = (person: Watcher) => digests.filter((mail) => mail.to.includes(person.email)).length;
    expect(everyone.map((person) => `${person.email}: ${received(person)}`)).toEqual(everyone.map((person) => `${person.email}: 1`));
    expect(digests.length).toBe(everyone.length);

    // Within 15 s of the load's end the index holds every record at its Postgres revision.
    const deadline = loadEnded + 15_000;
    let lag = await indexLag();
    while (lag.length > 0 && Date.now() < deadline) {
      await pause(500);
      lag = await indexLag();
    }
    expect(lag).toEqual([]);

    // DOIs: every record given one has exactly one registered; a registration the killed leader
    // made but could not store is the only one allowed without its record.
    const doiDeadline = Date.now() + 150_000;
    const minted = async () => (await db('records').whereIn('id', doiRecordIds).whereNotNull('doi').select('id', 'doi')) as { id: number; doi: string }[];
    while ((await minted()).length < doiRecordIds.length && Date.now() < doiDeadline) await pause(2_000);
    const stored = await minted();
    expect(doiRecordIds.length).toBe(DOI_RECORDS);
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual([...doiRecordIds].sort((a, b) => a - b));
    const storedDois = new Set(stored.map((row) => row.doi.toLowerCase()));
    for (const doi of storedDois) expect(datacite.dois.has(doi), doi).toBe(true);
    const orphans = [...datacite.dois.keys()].filter((doi) => !storedDois.has(doi));
    expect(orphans.length, `registered but not stored: ${orphans.join(', ')}`).toBeLessThanOrEqual(1);

    // Searches failed only while the killed api was still in the load balancer's rotation.
    const apiKill = kills.find((kill) => kill.role === 'api')!;
    const failed = [...searches, ...pages].filter((outcome) => !outcome.ok);
    const total = searches.length + pages.length;
    console.log(`cluster failure test: ${total} searches and pages, ${failed.length} failed; ${saves.length} saves answered 2xx, ${failedSaves.length} not`);
    for (const failure of failed) expect(failure.at, failure.detail).toBeGreaterThanOrEqual(apiKill.at - 1_000);
    for (const failure of failed) expect(failure.at, failure.detail).toBeLessThanOrEqual(apiKill.at + MARK_DOWN_MS);
    expect(failed.length).toBeLessThanOrEqual(SEARCH_CLIENTS + PAGING_CLIENTS);

    // Green again, with every member back.
    const green = await search.cluster.health({ wait_for_status: 'green', timeout: '60s' });
    expect(green.body.status).toBe('green');
    const status = await cluster.sh('status');
    expect(status).not.toMatch(/\bdown\b/);
    expect(await leadingScheduler(cluster)).toBeDefined();
    passed = true;
  }, 420_000);
});
