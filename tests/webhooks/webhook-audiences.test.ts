/**
 * Who is told what, and the owner's controls: a curator's webhook hears changes to records not
 * public while a user's hears only public ones; `record.approved` and `claim.decided` (the
 * claimant's and curators' webhooks only); a saved-search filter (evaluated against the index);
 * a rotated secret still verifying during the overlap; a webhook failing for long disabled and
 * its owner mailed over SMTP, switched on again with PUT, and a delivery sent again on request.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startIndexer, type RunningIndexer } from '@registry/indexer';
import type { RunningWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { startQuietDelivery } from './quiet-delivery.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { call, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { demoRecords, person, type Person } from '../community/support.ts';
import { reindexEnvironment } from '../support/environment.ts';
import { startReceiver, verifySignature, type ReceivedDelivery, type Receiver } from './receiver.ts';

const ALL_EVENTS = ['record.created', 'record.updated', 'record.removed', 'record.deleted', 'record.merged', 'record.approved', 'claim.decided'];

let harness: AccountsHarness;
let receiver: Receiver;
let delivery: RunningWebhookDelivery;
let indexer: RunningIndexer;
const people = {} as Record<'curator' | 'user' | 'claimant' | 'superCurator', Person>;
let visible: { id: number; name: string }[];
let hidden: { id: number; name: string };
const secrets: Record<string, string> = {};
const hookIds: Record<string, number> = {};

const at = (path: string) => receiver.received.filter((item) => item.path === path);
const typesAt = (path: string) => at(path).map((item) => `${item.payload.type} ${item.payload.data.recordId}`).sort();

async function register(owner: Person, path: string, webhook: Record<string, unknown>): Promise<void> {
  const created = await call(harness.app, { method: 'POST', url: '/webhooks', token: owner.token, payload: { webhook: { url: receiver.url(path), ...webhook } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  secrets[path] = String(created.body.secret);
  hookIds[path] = Number(created.body.id);
}

async function save(recordId: number): Promise<void> {
  const current = await harness.env.db('records').where({ id: recordId }).first('exhaustive_licences');
  const response = await call(harness.app, {
    method: 'PUT', url: `/fairsharing_records/${recordId}`, token: people.curator.token,
    payload: { section: 'publications', fairsharing_record: { exhaustive_licences: !current.exhaustive_licences } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function recordOf(registry: string): Promise<number> {
  const row = await harness.env.db('records as r').join('registries as g', 'g.id', 'r.registry_id').where('g.name', registry)
    .where({ is_hidden: false, is_approved: true }).orderBy('r.id').first('r.id');
  return Number(row.id);
}

beforeAll(async () => {
  receiver = await startReceiver();
  harness = await startAccountsHarness('webhook_audiences', {
    egressAllow: [receiver.hostPort],
    webhooks: { retryAttempts: 5, retryWindowMs: 3_000, secretOverlapMs: 60_000, disableAfterMs: 1_000, fastLaneMs: 1_000, maxPerAccount: 20, maxPerHost: 5 },
  });
  await seedDemoCatalogue(harness.env.db);
  ({ visible, hidden } = await demoRecords(harness));
  await reindexEnvironment(harness.env);
  indexer = await startIndexer(harness.config, { ensureIndex: false, sweeper: { intervalMs: 300, minAgeMs: 500 }, log: () => undefined });
  people.curator = await person(harness, 'hooks-curator', 'curator');
  people.user = await person(harness, 'hooks-user');
  people.claimant = await person(harness, 'hooks-claimant');
  people.superCurator = await person(harness, 'hooks-super', 'super_curator');
  delivery = startQuietDelivery(harness.config, harness.env.db);
}, 240_000);

afterAll(async () => {
  await delivery?.stop();
  await indexer?.stop();
  await harness?.close();
  await receiver?.close();
});

describe('audiences and events', () => {
  let newRecordId: number;
  let claimId: number;

  it('tells a curator’s webhook of unpublished changes and approvals, a user’s only of public ones', async () => {
    await register(people.curator, '/curator', { events: ALL_EVENTS });
    await register(people.user, '/public', { events: ALL_EVENTS });
    await register(people.claimant, '/claims', { events: ['claim.decided'] });
    await save(hidden.id);
    const loinc = await harness.env.db('records').where({ id: 2 }).first('name', 'description');
    const standardType = Number((await harness.env.db('record_types').where({ name: 'terminology_artefact' }).first('id')).id);
    const objectType = Number((await harness.env.db('object_types').orderBy('id').first('id')).id);
    const created = await call(harness.app, {
      method: 'POST', url: '/fairsharing_records', token: people.user.token,
      payload: { fairsharing_record: { metadata: { name: `${loinc.name} (webhook copy)`, homepage: 'https://loinc.org/', description: loinc.description, status: 'ready' }, record_type_id: standardType, object_type_ids: [objectType] } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    newRecordId = Number((created.body.data as { id: string }).id);
    expect((await call(harness.app, { method: 'POST', url: `/fairsharing_records/${newRecordId}/approve`, token: people.curator.token })).status).toBe(200);

    await vi.waitFor(() => expect(typesAt('/curator')).toEqual([
      `record.approved ${newRecordId}`, `record.created ${newRecordId}`, `record.created ${newRecordId}`, `record.updated ${hidden.id}`,
    ].sort()), { timeout: 30_000, interval: 200 });
    const unpublished = at('/curator').filter((item) => item.payload.data.public === false);
    expect(unpublished.map((item) => item.payload.data.recordId).sort()).toEqual([hidden.id, newRecordId].sort());
    expect(unpublished.find((item) => item.payload.data.recordId === hidden.id)?.payload.data.record).toMatchObject({ id: hidden.id, isHidden: true });
    await vi.waitFor(() => expect(typesAt('/public')).toEqual([`record.approved ${newRecordId}`, `record.created ${newRecordId}`]), { timeout: 10_000, interval: 200 });
    expect(at('/public').find((item) => item.payload.type === 'record.approved')?.payload.data.record).toMatchObject({ id: newRecordId });
    expect(receiver.received.every((item) => verifySignature(secrets[item.path], item))).toBe(true);
  });

  it('tells the claimant’s and curators’ webhooks a claim was decided, nobody else’s', async () => {
    const claimed = await call(harness.app, { method: 'POST', url: '/maintenance_requests', token: people.claimant.token, payload: { maintenance_request: { fairsharing_record_id: visible[1].id } } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    claimId = Number((claimed.body.maintenance_request as { id: number }).id);
    const decided = await call(harness.app, { method: 'PUT', url: `/maintenance_requests/${claimId}`, token: people.curator.token, payload: { maintenance_request: { status: 'approved' } } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    await vi.waitFor(() => expect(at('/claims').map((item) => item.payload.type)).toEqual(['claim.decided']), { timeout: 15_000, interval: 200 });
    expect(at('/claims')[0].payload.data).toEqual({ claimId, recordId: visible[1].id, claimantId: people.claimant.id, status: 'approved' });
    await vi.waitFor(() => expect(at('/curator').filter((item) => item.payload.type === 'claim.decided')).toHaveLength(1), { timeout: 10_000, interval: 200 });
    const owedToUser = await harness.env.db('webhook_deliveries').where({ webhook_id: hookIds['/public'], event: 'claim.decided' }).count({ n: '*' }).first();
    expect(Number(owedToUser?.n)).toBe(0);
  });
});

describe('withdrawals', () => {
  it('tells a `record.withdrawn` webhook the reason and the successor, signed', async () => {
    await register(people.superCurator, '/withdrawn', { events: ['record.withdrawn'] });
    // Two public records the other tests leave alone: the last but one and the one before it.
    const [withdrawn, successor] = await harness.env.db('records').where({ is_hidden: false, is_approved: true }).orderBy('id', 'desc').offset(1).limit(2).select('id', 'name');
    const deleted = await call(harness.app, {
      method: 'DELETE', url: `/fairsharing_records/${withdrawn.id}`, token: people.superCurator.token,
      payload: { reason: 'Superseded by a newer version', successor_id: successor.id },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await vi.waitFor(() => expect(typesAt('/withdrawn')).toEqual([`record.withdrawn ${withdrawn.id}`]), { timeout: 20_000, interval: 200 });
    const [delivered] = at('/withdrawn');
    expect(delivered.payload.data).toMatchObject({ recordId: withdrawn.id, reason: 'Superseded by a newer version', replacementId: successor.id });
    expect(verifySignature(secrets['/withdrawn'], delivered)).toBe(true);
  });
});

describe('filters', () => {
  it('passes a change only when the saved search finds the record', async () => {
    const saved = await call(harness.app, { method: 'POST', url: '/saved_searches', token: people.user.token, payload: { saved_search: { name: 'Databases', url: '/search?fairsharingRegistry=Database', params: { fairsharingRegistry: 'Database' } } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const savedId = Number((saved.body.saved_search as { id: number } | undefined)?.id ?? saved.body.id);
    const missing = await call(harness.app, { method: 'POST', url: '/webhooks', token: people.user.token, payload: { webhook: { url: receiver.url('/x'), events: ['record.updated'], filters: { saved_search_id: 2_000_000 } } } });
    expect(missing.status).toBe(400);
    expect(String(missing.body.message)).toMatch(/no saved search 2000000/);
    await register(people.user, '/saved', { events: ['record.updated'], filters: { saved_search_id: savedId } });
    await register(people.user, '/standards', { events: ['record.updated'], filters: { registries: ['standard'] } });
    const database = await recordOf('Database');
    const standard = await recordOf('Standard');
    await save(standard);
    await save(database);
    await vi.waitFor(() => expect(typesAt('/saved')).toEqual([`record.updated ${database}`]), { timeout: 20_000, interval: 200 });
    await vi.waitFor(() => expect(typesAt('/standards')).toEqual([`record.updated ${standard}`]), { timeout: 10_000, interval: 200 });
    const owed = await harness.env.db('webhook_deliveries').where({ webhook_id: hookIds['/saved'] }).pluck('payload');
    expect(owed.map((payload: { data: { recordId: number } }) => payload.data.recordId)).toEqual([database]);
  });
});

describe('secret rotation', () => {
  it('answers the new secret once; during the overlap both sign, after it only the new one', async () => {
    await register(people.user, '/rotating', { events: ['record.updated'], filters: { record_ids: [visible[2].id] } });
    const oldSecret = secrets['/rotating'];
    const rotated = await call(harness.app, { method: 'POST', url: `/webhooks/${hookIds['/rotating']}/rotate-secret`, token: people.user.token });
    expect(rotated.status).toBe(200);
    const newSecret = String(rotated.body.secret);
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.previous_secret_until).toEqual(expect.any(String));
    expect((await call(harness.app, { method: 'POST', url: `/webhooks/${hookIds['/rotating']}/rotate-secret`, token: people.claimant.token })).status).toBe(404);
    const listed = await call(harness.app, { method: 'GET', url: '/webhooks', token: people.user.token });
    expect(JSON.stringify(listed.body)).not.toContain(newSecret.slice(6));

    await save(visible[2].id);
    await vi.waitFor(() => expect(at('/rotating')).toHaveLength(1), { timeout: 15_000, interval: 200 });
    const during = at('/rotating')[0];
    expect(verifySignature(oldSecret, during)).toBe(true);
    expect(verifySignature(newSecret, during)).toBe(true);

    await harness.env.db('webhooks').where({ id: hookIds['/rotating'] }).update({ previous_secret_until: new Date(Date.now() - 1_000) });
    await save(visible[2].id);
    await vi.waitFor(() => expect(at('/rotating')).toHaveLength(2), { timeout: 15_000, interval: 200 });
    const after = at('/rotating')[1];
    expect(verifySignature(newSecret, after)).toBe(true);
    expect(verifySignature(oldSecret, after)).toBe(false);
  });
});

describe('a webhook failing for long', () => {
  let failedDelivery: string;

  it('is disabled, its waiting deliveries given up, and its owner mailed', async () => {
    receiver.answer('/broken', 500);
    await register(people.user, '/broken', { events: ['record.updated'], filters: { record_ids: [visible[3].id] } });
    await save(visible[3].id);
    const mail = await harness.sink.waitFor((item) => item.to.includes(people.user.email) && /webhook was disabled/.test(item.subject), 30_000);
    expect(mail.text).toContain(receiver.url('/broken'));
    expect(mail.text).toMatch(/answered 500/);
    const listed = await call(harness.app, { method: 'GET', url: `/webhooks/${hookIds['/broken']}/deliveries`, token: people.user.token });
    expect(listed.status).toBe(200);
    const [only] = listed.body as unknown as { id: string; status: string; attempts: number; response_code: number; latency_ms: number }[];
    expect(only).toMatchObject({ status: 'failed', response_code: 500 });
    expect(only.attempts).toBeGreaterThanOrEqual(2);
    expect(only.latency_ms).toBeGreaterThanOrEqual(0);
    failedDelivery = only.id;
    const hook = (await call(harness.app, { method: 'GET', url: '/webhooks', token: people.user.token })).body as unknown as { id: number; enabled: boolean; disabled_reason: string }[];
    expect(hook.find((item) => item.id === hookIds['/broken'])).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/answered 500/) });
    await save(visible[3].id);
    await delivery.dispatch();
    const owed = await harness.env.db('webhook_deliveries').where({ webhook_id: hookIds['/broken'] }).count({ n: '*' }).first();
    expect(Number(owed?.n)).toBe(1);
    expect((await call(harness.app, { method: 'GET', url: `/webhooks/${hookIds['/broken']}/deliveries`, token: people.claimant.token })).status).toBe(404);
  });

  it('is switched on again with PUT, and a delivery is sent again under its id on request', async () => {
    const redeliver = () => call(harness.app, { method: 'POST', url: `/webhooks/${hookIds['/broken']}/deliveries/${failedDelivery}/redeliver`, token: people.user.token });
    expect((await redeliver()).status).toBe(400);
    expect((await call(harness.app, { method: 'PUT', url: `/webhooks/${hookIds['/broken']}`, token: people.user.token, payload: { webhook: { enabled: false } } })).status).toBe(400);
    const enabled = await call(harness.app, { method: 'PUT', url: `/webhooks/${hookIds['/broken']}`, token: people.user.token, payload: { webhook: { enabled: true } } });
    expect(enabled.body).toMatchObject({ enabled: true, disabled_at: null, failing_since: null });
    receiver.answer('/broken', 204);
    const asked = await redeliver();
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ id: failedDelivery, status: 'pending', redeliveries: 1 });
    // Changes made since it was switched on may be delivered beside it; the redelivery comes once.
    const redelivered = () => at('/broken').filter((item: ReceivedDelivery) => item.id === failedDelivery);
    await vi.waitFor(() => expect(redelivered()).toHaveLength(1), { timeout: 15_000, interval: 200 });
    expect(verifySignature(secrets['/broken'], redelivered()[0])).toBe(true);
    const listed = await call(harness.app, { method: 'GET', url: `/webhooks/${hookIds['/broken']}/deliveries`, token: people.user.token });
    const listedDeliveries = listed.body as unknown as { id: string; status: string; response_code: number }[];
    expect(listedDeliveries.find((delivery) => delivery.id === failedDelivery)).toMatchObject({ status: 'delivered', response_code: 204 });
    expect((await call(harness.app, { method: 'POST', url: `/webhooks/${hookIds['/broken']}/deliveries/msg_none/redeliver`, token: people.user.token })).status).toBe(404);
  });
});
