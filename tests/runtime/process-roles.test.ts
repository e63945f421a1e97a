/**
 * The process roles run from the compiled build (`npm run build`, run once here) as production
 * runs them: the api, worker and scheduler answer /readyz and /metrics (the api's on its
 * METRICS_PORT, not on the public port); a save's request id
 * reaches the worker's log; of two schedulers one leads and only it runs a due job, and killing
 * it (-9) hands the work to the other; SIGTERM makes the API unready first, finishes the request
 * in flight and exits 0. In-process: /readyz is 503 while the search alias is missing.
 */
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@registry/api';
import { createIsolatedEnvironment, reindexEnvironment, serviceVariables } from '../support/environment.ts';
import { person, startCommunityHarness } from '../community/support.ts';
import type { AccountsHarness } from '../accounts/support.ts';
import { REPO_ROOT, RoleProcess, type RoleName } from './support/role-process.ts';

const run = promisify(execFile);

let harness: AccountsHarness;
let roleEnv: NodeJS.ProcessEnv;
const started: RoleProcess[] = [];

function startRole(role: RoleName, extraEnv: NodeJS.ProcessEnv = {}): RoleProcess {
  const member = new RoleProcess(role, { ...roleEnv, ...extraEnv });
  started.push(member);
  return member;
}

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls `read` until `done` holds for its value; fails with the last value after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

async function isLeader(scheduler: RoleProcess): Promise<boolean> {
  return (await getJson(`${await scheduler.url()}/readyz`)).body.leader === true;
}

/** An outbox row past the sweeper's grace period that never reached the queue: only a sweeper indexes it. */
async function dueOutboxRow(recordId: number): Promise<number> {
  const { revision } = await harness.env.db('records').where({ id: recordId }).first('revision');
  const [row] = await harness.env.db('index_outbox')
    .insert({ entity_type: 'record', entity_id: recordId, revision, created_at: new Date(Date.now() - 60_000) })
    .returning('id');
  return Number(row.id);
}

async function processed(outboxId: number): Promise<void> {
  await eventually(async () => (await harness.env.db('index_outbox').where({ id: outboxId }).first('processed_at')).processed_at, (at) => at !== null);
}

const sweeps = (scheduler: RoleProcess) => scheduler.lines.filter((line) => (line.msg ?? '').startsWith('sweeper:'));

beforeAll(async () => {
  await run('bash', ['scripts/build.sh'], { cwd: REPO_ROOT, timeout: 280_000 });
  harness = await startCommunityHarness('process_roles');
  await reindexEnvironment(harness.env);
  const { config } = harness;
  roleEnv = {
    ...process.env,
    ...serviceVariables(config),
    JWT_SECRET: config.jwtSecret,
    SMTP_URL: config.smtpUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    HEALTH_PORT: '0',
    LOG_LEVEL: 'info',
    SCHEDULER_ELECTION_INTERVAL_MS: '300',
    INDEXER_SWEEP_INTERVAL_MS: '300',
    SHUTDOWN_DRAIN_MS: '1500',
  };
}, 300_000);

afterAll(async () => {
  for (const member of started) if (member.running) member.signal('SIGKILL');
  await Promise.all(started.map((member) => member.exited));
  await harness?.close();
});

describe('the roles, each its own process from the build', () => {
  let api: RoleProcess;
  let worker: RoleProcess;
  let firstScheduler: RoleProcess;

  beforeAll(async () => {
    api = startRole('api', { METRICS_PORT: '0' });
    worker = startRole('worker');
    firstScheduler = startRole('scheduler');
    await Promise.all([api.url(), worker.url(), firstScheduler.url()]);
  }, 120_000);

  it('answer /readyz and expose the named Prometheus series', async () => {
    const apiUrl = await api.url();
    expect(await getJson(`${apiUrl}/readyz`)).toMatchObject({ status: 200, body: { ready: true, draining: false, postgres: 'up', alias: 'present' } });
    expect(await getJson(`${await worker.url()}/readyz`)).toMatchObject({ status: 200, body: { role: 'worker', ready: true } });
    await eventually(() => isLeader(firstScheduler), (leader) => leader);

    expect((await fetch(`${apiUrl}/metrics`)).status).toBe(404);
    const metricsLine = await api.waitForLine((entry) => typeof entry.port === 'number' && /health, readiness and metrics/.test(entry.msg ?? ''));
    const metrics = await (await fetch(`http://127.0.0.1:${metricsLine.port as number}/metrics`)).text();
    for (const series of [
      'registry_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/readyz",status="200"}',
      'registry_index_queue_depth ',
      'registry_index_queue_oldest_job_age_seconds ',
      'registry_outbox_lag_seconds ',
      'registry_index_lag_records ',
      'registry_index_lag_revisions ',
      'registry_search_errors_total ',
    ]) {
      expect(metrics).toContain(series);
    }
    const workerMetrics = await (await fetch(`${await worker.url()}/metrics`)).text();
    expect(workerMetrics).toMatch(/^registry_outbox_lag_seconds\{role="worker"\} \d/m);
  });

  it("carries a save's request id to the worker's log line for its index job", async () => {
    const curator = await person(harness, 'roles-curator', 'curator');
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/fairsharing_records/2',
      headers: { authorization: `Bearer ${curator.token}`, accept: 'application/json' },
      payload: { fairsharing_record: { metadata: { contacts: [{ contact_name: 'LOINC team', contact_email: 'loinc@regenstrief.org' }] } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const requestId = saved.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await worker.waitForLine((entry) => entry.requestId === requestId, 60_000);
    expect(line).toMatchObject({ role: 'worker', jobId: expect.stringMatching(/^record-2-/) });
  }, 120_000);

  it('lets one of two schedulers lead: only it runs a due job, and killing it hands over', async () => {
    const secondScheduler = startRole('scheduler');
    await secondScheduler.url();
    expect(await isLeader(firstScheduler)).toBe(true);
    expect(await isLeader(secondScheduler)).toBe(false);

    await processed(await dueOutboxRow(3));
    expect(sweeps(firstScheduler).length).toBeGreaterThan(0);
    expect(sweeps(secondScheduler)).toEqual([]);

    firstScheduler.signal('SIGKILL');
    await firstScheduler.exited;
    await eventually(() => isLeader(secondScheduler), (leader) => leader);
    await processed(await dueOutboxRow(4));
    expect(sweeps(secondScheduler).length).toBeGreaterThan(0);
  }, 180_000);
});

describe('SIGTERM to an api process', () => {
  it('makes it unready first, finishes the request in flight, then exits 0', async () => {
    // A drain long enough to be seen on a loaded machine.
    const api = startRole('api', { SHUTDOWN_DRAIN_MS: '8000' });
    const url = new URL(await api.url());
    const body = JSON.stringify({ query: '{ fairsharingRecord(id: 2) { id name } }' });
    const inFlight = httpRequest({ host: url.hostname, port: url.port, path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.on('error', reject);
      inFlight.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
    });
    inFlight.write(body.slice(0, 10));
    // The server has the request's head once it logged it.
    await api.waitForLine((line) => line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === '/graphql');

    api.signal('SIGTERM');
    await eventually(() => getJson(`${url.origin}/readyz`), (readiness) => readiness.status === 503 && readiness.body.draining === true, 7_000);
    // Then it stops accepting connections, while the request above is still arriving.
    await eventually(
      () => new Promise<boolean>((resolve) => {
        const socket = connect(Number(url.port), url.hostname);
        socket.once('connect', () => (socket.destroy(), resolve(false)));
        socket.once('error', () => resolve(true));
      }),
      (refused) => refused,
      30_000,
    );
    expect(api.running).toBe(true);
    inFlight.end(body.slice(10));
    const { status, text } = await answer;
    expect(status).toBe(200);
    const { name } = await harness.env.db('records').where({ id: 2 }).first('name');
    expect(JSON.parse(text)).toEqual({ data: { fairsharingRecord: { id: '2', name } } });
    expect(await api.exited).toBe(0);
  }, 120_000);
});

describe('/readyz', () => {
  it('answers 503 naming the missing search alias, and 200 once the index is built', async () => {
    const environment = await createIsolatedEnvironment('readyz_alias');
    const app = await buildApp({ config: environment.config, db: environment.db, logger: false });
    try {
      const missing = await app.inject({ url: '/readyz' });
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toMatchObject({ ready: false, postgres: 'up', alias: 'missing', errors: { alias: expect.stringContaining(`${environment.config.indexPrefix}records`) } });
      await reindexEnvironment(environment);
      expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({ ready: true, alias: 'present' });
    } finally {
      await app.close();
      await environment.cleanup();
    }
  });
});
