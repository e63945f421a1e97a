/**
 * Link health against local servers (allow-listed through EGRESS_ALLOW): what a check records
 * for 200, 301 chains, a redirect loop, 404, 410, 5xx, HEAD refused, a time-out and a huge body;
 * a loopback address refused without the allow-list; "not checked: no network" when no name
 * resolves; the scheduler's share per run spreading a pass over the period; and who reads what:
 * curators everything (and adopt a final URL through the record save), maintainers their
 * records' broken links, everyone else only the quiet homepage note.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLink, createNetworkProbe, type NetworkProbe } from '@registry/api/link-health/link-check.ts';
import { checksPerRun, linkCheckEgress, runLinkCheck, takeLinkChecksDue, type LinkCheckDeps } from '@registry/api/link-health/link-check-jobs.ts';
import type { HostResolver } from '@registry/platform/egress/index.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { call, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { sendChangeDigests } from '@registry/api/watching/watching-service.ts';
import { digestDeps, person, type Person } from '../community/support.ts';

let server: Server;
let base = '';
let hugeBytesSent = 0;
const hitsByMethod: string[] = [];

function huge(response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const more = () => {
    // Up to 200 MB, unless the client hangs up first (as the size cap makes it).
    while (hugeBytesSent < 200 * 1024 * 1024 && !response.destroyed) {
      hugeBytesSent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    response.end();
  };
  more();
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    hitsByMethod.push(`${request.method} ${path}`);
    if (path === '/ok' || path === '/final') response.end('fine');
    else if (path === '/moved') response.writeHead(301, { location: '/moved-again' }).end();
    else if (path === '/moved-again') response.writeHead(308, { location: '/final' }).end();
    else if (path === '/for-now') response.writeHead(302, { location: '/ok' }).end();
    else if (path === '/loop') response.writeHead(301, { location: '/loop' }).end();
    else if (path === '/missing') response.writeHead(404).end();
    else if (path === '/gone') response.writeHead(410).end();
    else if (path === '/failing') response.writeHead(503).end();
    else if (path === '/no-head') response.writeHead(request.method === 'HEAD' ? 405 : 200).end();
    else if (path === '/silent') return; // never answers
    else if (path === '/huge') {
      if (request.method === 'HEAD') response.writeHead(501).end();
      else huge(response);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowed = () => [new URL(base).host];
const fastEgress = (allow = allowed(), resolver?: HostResolver) =>
  linkCheckEgress({ egressAllow: allow, siteName: 'Registry test', publicUrl: 'http://registry.test' } as Parameters<typeof linkCheckEgress>[0], {
    hostDelayMs: 0, retries: 0, totalTimeoutMs: 500, resolver,
  });
const lookupFails: HostResolver = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
const networkUp: NetworkProbe = { hasNetwork: async () => true };

describe('one check', () => {
  let egress: ReturnType<typeof fastEgress>;
  beforeAll(() => {
    egress = fastEgress();
  });

  it('a 200 is alive, with the time taken', async () => {
    const result = await checkLink(egress, networkUp, `${base}/ok`);
    expect(result).toMatchObject({ outcome: 'ok', httpStatus: 200, finalUrl: null, permanentRedirect: false, reason: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('a chain of permanent redirects gives the final URL to adopt; a temporary one does not', async () => {
    expect(await checkLink(egress, networkUp, `${base}/moved`)).toMatchObject({ outcome: 'ok', httpStatus: 200, finalUrl: `${base}/final`, permanentRedirect: true });
    expect(await checkLink(egress, networkUp, `${base}/for-now`)).toMatchObject({ outcome: 'ok', finalUrl: `${base}/ok`, permanentRedirect: false });
  });

  it('a redirect loop stops at the limit and is a failure', async () => {
    expect(await checkLink(egress, networkUp, `${base}/loop`)).toMatchObject({ outcome: 'broken', httpStatus: null, reason: expect.stringMatching(/more than 5 redirects/) });
  });

  it.each([['/missing', 404], ['/gone', 410], ['/failing', 503]])('%s answering %i is broken', async (path, status) => {
    expect(await checkLink(egress, networkUp, `${base}${path}`)).toMatchObject({ outcome: 'broken', httpStatus: status, reason: `answered ${status}` });
  });

  it('HEAD refused: asks again with GET', async () => {
    expect(await checkLink(egress, networkUp, `${base}/no-head`)).toMatchObject({ outcome: 'ok', httpStatus: 200 });
    expect(hitsByMethod.filter((hit) => hit.endsWith(' /no-head'))).toEqual(['HEAD /no-head', 'GET /no-head']);
  });

  it('a server that never answers times out', async () => {
    expect(await checkLink(egress, networkUp, `${base}/silent`)).toMatchObject({ outcome: 'broken', reason: expect.stringMatching(/did not answer within 500 ms/) });
  });

  it('a huge body is not read past the cap: the link answered, so it is alive', async () => {
    expect(await checkLink(egress, networkUp, `${base}/huge`)).toMatchObject({ outcome: 'ok', httpStatus: 200 });
    // The connection was dropped long before the server's 200 MB went out (socket buffers aside).
    expect(hugeBytesSent).toBeLessThan(32 * 1024 * 1024);
  });

  it('a loopback address is refused without the allow-list', async () => {
    const before = hitsByMethod.length;
    expect(await checkLink(fastEgress([]), networkUp, `${base}/ok`)).toMatchObject({ outcome: 'broken', reason: expect.stringMatching(/127\.0\.0\.1 is a loopback address/) });
    expect(hitsByMethod.length).toBe(before);
  });

  it('no name resolving at all: "not checked: no network", not a dead link', async () => {
    const probe = createNetworkProbe('probe.example', lookupFails);
    expect(await checkLink(fastEgress(allowed(), lookupFails), probe, 'http://dead-domain.example/')).toMatchObject({ outcome: 'no_network', reason: 'not checked: no network' });
  });

  it('only the link’s name failing, with DNS working: the host is gone', async () => {
    const onlyProbe: HostResolver = async (hostname) => (hostname === 'probe.example' ? [{ address: '93.184.215.14', family: 4 }] : lookupFails(hostname));
    const result = await checkLink(fastEgress(allowed(), onlyProbe), createNetworkProbe('probe.example', onlyProbe), 'http://dead-domain.example/');
    expect(result).toMatchObject({ outcome: 'broken', reason: expect.stringMatching(/dead-domain\.example could not be resolved/) });
  });
});

describe('checks of the catalogue', () => {
  let harness: AccountsHarness;
  let curator: Person;
  let maintainer: Person;
  let stranger: Person;
  const records: Record<'broken' | 'moved' | 'fine', { id: number; name: string }> = {} as never;
  const day = 86_400_000;
  const start = Date.parse('2026-11-01T00:00:00Z');
  let deps: LinkCheckDeps;
  let supportLinks: { url: string }[] = [];

  const checkOf = async (recordId: number, kind = recordId === records.moved.id ? 'support' : 'homepage') => harness.env.db('link_checks').where({ record_id: recordId, kind }).first();
  const checkAt = async (recordId: number, at: number) => runLinkCheck(deps, (await checkOf(recordId)).id, () => new Date(at));

  beforeAll(async () => {
    harness = await startAccountsHarness('link_health', { egressAllow: allowed() });
    await seedDemoCatalogue(harness.env.db);
    curator = await person(harness, 'links-curator', 'curator');
    maintainer = await person(harness, 'links-maintainer');
    stranger = await person(harness, 'links-stranger');
    const db = harness.env.db;
    const [broken, fine] = await db('records').where({ is_hidden: false, is_approved: true }).orderBy('id').limit(2).select('id', 'name');
    // The adopted URL is a support link here. Adopting a homepage is a general-information save, which an imported record
    // naming no object type passes too (tests/records/record-writes.test.ts).
    const moved = await db('records').where({ is_hidden: false, is_approved: true }).whereRaw("jsonb_array_length(coalesce(metadata->'support_links', '[]')) > 0")
      .whereNot('id', broken.id).whereNot('id', fine.id).orderBy('id').first('id', 'name', 'metadata');
    supportLinks = (moved.metadata.support_links as { url: string }[]).map((link, index) => (index === 0 ? { ...link, url: `${base}/moved` } : link));
    await db('records').where({ id: moved.id }).update({ metadata: { ...moved.metadata, support_links: supportLinks } });
    Object.assign(records, { broken, moved, fine });
    await db('records').where({ id: broken.id }).update({ homepage: `${base}/gone` });
    await db('records').where({ id: fine.id }).update({ homepage: `${base}/ok` });
    await db('record_maintainers').insert([{ record_id: broken.id, user_id: maintainer.id }, { record_id: moved.id, user_id: maintainer.id }]);
    deps = { db, egress: fastEgress(), probe: networkUp };
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('the scheduler queues a share per run so that every URL is checked once per period', async () => {
    const spread = { periodMs: 10 * 60_000, intervalMs: 60_000 };
    const first = await takeLinkChecksDue(harness.env.db, spread, new Date(start));
    const total = Number((await harness.env.db('link_checks').count('* as count'))[0]!.count);
    expect(total).toBeGreaterThan(100);
    expect(first).toHaveLength(checksPerRun(total, spread));
    const queued = new Set(first);
    for (let run = 1; run < 10; run += 1) {
      const ids = await takeLinkChecksDue(harness.env.db, spread, new Date(start + run * 60_000));
      expect(ids.length).toBe(checksPerRun(total, spread));
      for (const id of ids) queued.add(id);
    }
    expect(queued.size).toBe(total);
    // Only public records' http(s) URLs: a hidden record's homepage is not among them.
    const hidden = await harness.env.db('link_checks as c').join('records as r', 'r.id', 'c.record_id').where('r.is_hidden', true).count('* as count');
    expect(Number(hidden[0]!.count)).toBe(0);
  });

  it('records status, final URL and the run of failures; the note shows only after repeated failures over the period', async () => {
    const note = async (who: Person | null) => (await call(harness.app, { method: 'GET', url: `/link_health/records/${records.broken.id}`, token: who?.token })).body;
    await checkAt(records.broken.id, start);
    expect(await checkOf(records.broken.id)).toMatchObject({ outcome: 'broken', http_status: 410, consecutive_failures: 1, first_failure_at: new Date(start) });
    await checkAt(records.broken.id, start + 3 * day);
    await checkAt(records.broken.id, start + 6 * day);
    expect(await note(null)).toEqual({ homepage_unreachable_since: null });
    await checkAt(records.broken.id, start + 9 * day);
    expect(await checkOf(records.broken.id)).toMatchObject({ consecutive_failures: 4, first_failure_at: new Date(start) });
    expect(await note(null)).toEqual({ homepage_unreachable_since: new Date(start).toISOString() });

    // No network says nothing about the link: what it last answered and its run of failures stay.
    await checkAt(records.fine.id, start + 9 * day);
    await harness.env.db('link_checks').where({ record_id: records.fine.id, kind: 'homepage' }).update({ url: 'http://no-such-host.example/' });
    const offline = { ...deps, egress: fastEgress(allowed(), lookupFails), probe: createNetworkProbe('probe.example', lookupFails) };
    await runLinkCheck(offline, (await checkOf(records.fine.id)).id, () => new Date(start + 10 * day));
    expect(await checkOf(records.fine.id)).toMatchObject({ outcome: 'no_network', reason: 'not checked: no network', http_status: 200, consecutive_failures: 0, first_failure_at: null });

    await checkAt(records.moved.id, start + 9 * day);
    expect(await checkOf(records.moved.id)).toMatchObject({ outcome: 'ok', http_status: 200, final_url: `${base}/final`, permanent_redirect: true });
  });

  it('curators read broken and redirected links by registry; others are refused', async () => {
    type Report = { total: number; links: { url: string; record: { registry: string } }[]; registries: unknown[] };
    const report = async (who: Person | null, query: string) => {
      const answer = await call(harness.app, { method: 'GET', url: `/link_health?${query}`, token: who?.token });
      return { status: answer.status, body: answer.body as unknown as Report };
    };
    expect((await report(null, 'view=broken')).status).toBe(401);
    expect((await report(maintainer, 'view=broken')).status).toBe(403);
    const broken = await report(curator, 'view=broken&broken_days=0');
    expect(broken.status).toBe(200);
    expect(broken.body.links).toEqual(expect.arrayContaining([expect.objectContaining({ url: `${base}/gone`, http_status: 410, record: expect.objectContaining({ id: records.broken.id }) })]));
    // Failing since 1 Nov, and "now" is later than the 7 default days: also broken with the default.
    expect((await report(curator, 'view=broken')).body.links.map((link) => link.url)).toContain(`${base}/gone`);
    const registry = broken.body.links.find((link) => link.url === `${base}/gone`)!.record.registry;
    expect((await report(curator, `view=broken&broken_days=0&registry=${registry}`)).body.total).toBeGreaterThan(0);
    expect((await report(curator, 'view=broken&broken_days=0&registry=NoSuchRegistry')).body.total).toBe(0);
    const redirected = await report(curator, 'view=redirected');
    expect(redirected.body.links).toEqual([expect.objectContaining({ url: `${base}/moved`, final_url: `${base}/final`, permanent_redirect: true })]);
    expect(broken.body.registries).toEqual(expect.arrayContaining([expect.objectContaining({ registry, broken: expect.any(Number) })]));
    expect((await report(curator, 'view=sideways')).status).toBe(400);
  });

  it('maintainers read their records’ broken links; a stranger has none', async () => {
    const mine = await call(harness.app, { method: 'GET', url: '/link_health/mine', token: maintainer.token });
    expect(mine.body.links).toEqual([expect.objectContaining({ url: `${base}/gone`, record: expect.objectContaining({ id: records.broken.id }) })]);
    expect((await call(harness.app, { method: 'GET', url: '/link_health/mine', token: stranger.token })).body.links).toEqual([]);
    expect((await call(harness.app, { method: 'GET', url: '/link_health/mine' })).status).toBe(401);
  });

  it('a curator adopts the final URL through the record save; nobody else may', async () => {
    const check = await checkOf(records.moved.id);
    const adopt = (who: Person) => call(harness.app, { method: 'POST', url: `/link_health/${check.id}/adopt_final_url`, token: who.token });
    expect((await adopt(maintainer)).status).toBe(403);
    const broken = await checkOf(records.broken.id);
    expect((await call(harness.app, { method: 'POST', url: `/link_health/${broken.id}/adopt_final_url`, token: curator.token })).status).toBe(400);
    const before = await harness.env.db('records').where({ id: records.moved.id }).first('revision');
    const adopted = await adopt(curator);
    expect(adopted.status).toBe(200);
    const after = await harness.env.db('records').where({ id: records.moved.id }).first('metadata', 'revision', 'last_editor_id');
    expect(after.metadata.support_links).toEqual([{ ...supportLinks[0], url: `${base}/final` }, ...supportLinks.slice(1)]);
    expect(after.last_editor_id).toBe(curator.id);
    expect(Number(after.revision)).toBeGreaterThan(Number(before.revision));
  });

  it('the maintainer’s change digest names their records’ broken links', async () => {
    // The curator's save above changed a record the maintainer maintains: a digest is due.
    expect(await sendChangeDigests({ ...digestDeps(harness), brokenLinkDays: 7 }, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    const mail = await harness.sink.waitFor((received) => received.to.includes(maintainer.email));
    expect(mail.text).toContain('Broken links in records you maintain:');
    expect(mail.text).toContain(`- ${records.broken.name}: ${base}/gone (failing since 2026-11-01)`);
    expect(mail.text).not.toContain(`${base}/final`);
  });
});
