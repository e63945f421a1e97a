/**
 * The REST reads in the JSON:API shape: answer shapes, paging edges, a walk along links.next
 * through a 12,000-record catalogue (the real records plus copies of them under new ids),
 * visibility, the search filters, single records by id/DOI/legacy id and the reference lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSearchClient, type SearchClient } from '@registry/platform';
import { ANONYMOUS_VIEWER, recordsAlias } from '@registry/schemas';
import { reindexAll } from '@registry/indexer/src/reindex.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { hashPassword } from '@registry/api/accounts/secrets.ts';
import { readRecordPage, type RecordWalk } from '@registry/api/records/record-pages.ts';
import { searchWalk } from '@registry/api/search/scan-search-records.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { copyRealRecords } from '../../scripts/seed/synthetic-copies.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { BROWSER_NAVIGATION, buildTestApp } from '../api/support.ts';
import { sendQuery } from '../graphql/support.ts';

const CORPUS_SIZE = 12_000;
const READER = { login: 'api-reader', password: 'a long passphrase for reading' };

let env: IsolatedEnvironment;
let app: FastifyInstance;
let client: SearchClient;
let curatorToken: string;
let hiddenId: number;
let unapprovedId: number;
let publicIds: number[];
let allIds: number[];

interface Item {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

interface ListAnswer {
  data: Item[];
  links: { self: string; first: string; last: string; prev?: string; next?: string };
  meta: { record_count: number; page_count: number; page: { number: number; size: number } };
}

/** A link as the app answers it, relative to the app (links are absolute under PUBLIC_URL). */
function local(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function get(url: string, token?: string) {
  const response = await app.inject({ url, headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { status: response.statusCode, body: response.json() };
}

async function post(url: string, payload?: Record<string, unknown>, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** Every id of a list, following links.next from `start`; fails on a repeat. */
async function walk(start: string, send: (url: string) => Promise<{ status: number; body: ListAnswer }> = (url) => get(url)): Promise<number[]> {
  const ids: number[] = [];
  const seen = new Set<number>();
  let url: string | undefined = start;
  while (url) {
    const { status, body } = await send(url);
    expect(status).toBe(200);
    for (const item of body.data) {
      const id = Number(item.id);
      expect(seen.has(id), `record ${id} appeared twice`).toBe(false);
      seen.add(id);
      ids.push(id);
    }
    url = body.links.next ? local(body.links.next) : undefined;
  }
  return ids;
}

async function idsWhere(where: string): Promise<number[]> {
  const rows = await env.db.raw<{ rows: { id: number }[] }>(`SELECT r.id FROM records r JOIN registries reg ON reg.id = r.registry_id WHERE ${where} ORDER BY r.id`);
  return rows.rows.map((row) => row.id);
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('records_api');
  await seedDemoCatalogue(env.db);
  hiddenId = 2; // LOINC
  await env.db('records').where({ id: hiddenId }).update({ is_hidden: true });
  const database = await env.db('records').join('registries', 'registries.id', 'records.registry_id')
    .whereRaw("lower(registries.name) = 'database'").whereNotNull('records.doi').orderBy('records.id').first('records.id');
  unapprovedId = database.id;
  await env.db('records').where({ id: unapprovedId }).update({ is_approved: false });
  await copyRealRecords(env.db, CORPUS_SIZE);
  client = createSearchClient({ opensearchUrl: env.config.opensearchUrl });
  await reindexAll({ db: env.db, client, indexPrefix: env.config.indexPrefix });
  const [curator] = await env.db('users').insert({ username: 'api-curator', email: 'api-curator@example.org', role: 'curator' }).returning('id');
  await env.db('users').insert({ username: READER.login, email: 'api-reader@example.org', role: 'user', password_hash: await hashPassword(READER.password), confirmed_at: new Date() });
  app = await buildTestApp(env.config, { db: env.db });
  curatorToken = await signUserToken(app, curator.id);
  publicIds = await idsWhere('r.is_hidden = false AND r.is_approved = true');
  allIds = await idsWhere('true');
}, 600_000);

afterAll(async () => {
  await app?.close();
  await client?.close();
  await env?.cleanup();
});

describe('GET /fairsharing_records', () => {
  it('answers data, links and meta, items as {id, type, attributes}', async () => {
    const { status, body } = await get('/fairsharing_records?page[size]=5');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(5);
    expect(body.data.map((item: Item) => Number(item.id))).toEqual(publicIds.slice(0, 5));
    const [first] = body.data as Item[];
    expect(first.type).toBe('fairsharing_records');
    expect(Object.keys(first.attributes)).toEqual(expect.arrayContaining([
      'name', 'abbreviation', 'description', 'doi', 'url', 'fairsharing_registry', 'record_type', 'status', 'homepage', 'metadata',
      'subjects', 'domains', 'taxonomies', 'countries', 'licences', 'organisations', 'legacy_ids', 'created_at', 'updated_at',
    ]));
    expect(first.attributes.url).toBe(`${env.config.publicUrl}/${first.id}`);
    expect(body.meta).toEqual({ record_count: publicIds.length, page_count: Math.ceil(publicIds.length / 5), page: { number: 1, size: 5 } });
    expect(body.links.prev).toBeUndefined();
    expect(local(body.links.first)).toBe('/fairsharing_records?page%5Bnumber%5D=1&page%5Bsize%5D=5');
    expect(local(body.links.last)).toBe(`/fairsharing_records?page%5Bnumber%5D=${body.meta.page_count}&page%5Bsize%5D=5`);
    expect(body.links.next).toContain('page%5Bafter%5D=');
  });

  it('refuses page sizes 0 and 501 with a message naming the parameter', async () => {
    for (const size of [0, 501]) {
      const { status, body } = await get(`/fairsharing_records?page[size]=${size}`);
      expect(status).toBe(400);
      expect(body.message).toContain('page[size]');
    }
    expect((await get('/fairsharing_records?page[number]=0')).status).toBe(400);
    expect((await get('/fairsharing_records?page[after]=not-a-cursor')).status).toBe(400);
  });

  it('answers an empty page past the end, without next and with prev to the last page', async () => {
    const { status, body } = await get('/fairsharing_records?page[size]=500&page[number]=1000');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.links.next).toBeUndefined();
    expect(body.links.prev).toBe(body.links.last);
  });

  it('has no next on the last page, reached by number from the far end beyond the first 10,000 records', async () => {
    const lastPage = Math.ceil(publicIds.length / 500);
    expect((lastPage - 1) * 500).toBeGreaterThan(10_000);
    const { body } = await get(`/fairsharing_records?page[size]=500&page[number]=${lastPage}`);
    expect(body.data.map((item: Item) => Number(item.id))).toEqual(publicIds.slice((lastPage - 1) * 500));
    expect(body.links.next).toBeUndefined();
    expect(body.links.prev).toBeDefined();
  });

  it(`walks every public record of a ${CORPUS_SIZE.toLocaleString('en')}-record catalogue once along links.next`, async () => {
    expect(allIds.length).toBe(CORPUS_SIZE);
    const ids = await walk('/fairsharing_records?page[size]=500');
    expect(ids).toEqual(publicIds);
  });

  it('walks every public record once signed in with POST /users/sign_in, as FAIRsharing client scripts do', async () => {
    const signIn = await post('/users/sign_in', { user: READER });
    expect(signIn.status).toBe(200);
    const ids = await walk('/fairsharing_records?page[number]=1&page[size]=500', (url) => get(url, signIn.body.jwt));
    expect(ids).toEqual(publicIds);
  });

  it('walks back along links.prev through the same pages', async () => {
    const lastPage = Math.ceil(publicIds.length / 500);
    let url: string | undefined = `/fairsharing_records?page[size]=500&page[number]=${lastPage}`;
    const pages: number[][] = [];
    for (let steps = 0; url && steps < 4; steps += 1) {
      const { body } = await get(url);
      pages.unshift(body.data.map((item: Item) => Number(item.id)));
      url = body.links.prev ? local(body.links.prev) : undefined;
    }
    // Every record once, in order, up to the last: a page the byte cap cut short keeps the
    // records next to its cursor, so the page before it goes on from there.
    const walked = pages.flat();
    expect(walked.length).toBeGreaterThan(3 * 250);
    expect(walked).toEqual(publicIds.slice(publicIds.length - walked.length));
  });

  it('reaches a page by number alone at any depth (from, far end, stepping over sort values)', async () => {
    const deps = { client, alias: recordsAlias(env.config.indexPrefix) };
    const found = await searchWalk(deps, {}, ANONYMOUS_VIEWER);
    const byId: RecordWalk = { query: found.query, sort: [{ id: { order: 'asc' } }] };
    // A result window of 1,000 makes the middle of 12,000 records unreachable by `from` from either end.
    for (const number of [1, 3, 20, 47, 100]) {
      const page = await readRecordPage(deps, byId, { number, size: 111 }, 1_000);
      expect(page.ids, `page ${number}`).toEqual(publicIds.slice((number - 1) * 111, number * 111));
      expect(page.hasNext).toBe(number * 111 < publicIds.length);
    }
  });

  it('shows hidden and unapproved records to curators only', async () => {
    const anonymous = (await get('/fairsharing_records?page[size]=1')).body;
    const curator = (await get('/fairsharing_records?page[size]=1', curatorToken)).body;
    expect(anonymous.meta.record_count).toBe(publicIds.length);
    expect(curator.meta.record_count).toBe(allIds.length);
    const curatorIds = await walk('/fairsharing_records?page[size]=500&page[number]=1', (url) => get(url, curatorToken));
    expect(curatorIds).toContain(hiddenId);
    expect(curatorIds).toContain(unapprovedId);
  });
});

describe('single records', () => {
  it('by id, DOI (with and without prefix) and legacy id, with the attributes of the list', async () => {
    const record = await env.db('records').where({ is_hidden: false, is_approved: true }).whereNotNull('doi')
      .whereRaw('cardinality(legacy_ids) > 0').orderBy('id').first('id', 'doi', 'legacy_ids');
    const byId = await get(`/fairsharing_records/${record.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data.id).toBe(String(record.id));
    expect(byId.body.data.attributes.doi).toBe(record.doi);
    for (const identifier of [record.doi, record.doi.replace(/^10\.25504\//, ''), record.legacy_ids[0], String(record.id)]) {
      const answer = await get(`/fairsharing_record/${identifier}`);
      expect(answer.status, identifier).toBe(200);
      expect(answer.body.data).toEqual(byId.body.data);
    }
    const page = (await get(`/fairsharing_records?page[size]=500`)).body as ListAnswer;
    const inList = page.data.find((item) => item.id === String(record.id));
    if (inList) expect(inList).toEqual(byId.body.data);
  });

  it('answers 404 for hidden and unapproved records anonymously, 200 for curators', async () => {
    for (const id of [hiddenId, unapprovedId]) {
      expect((await get(`/fairsharing_records/${id}`)).status).toBe(404);
      expect((await get(`/fairsharing_records/${id}`, curatorToken)).status).toBe(200);
    }
    const loinc = await env.db('records').where({ id: hiddenId }).first('doi');
    expect((await get(`/fairsharing_record/${loinc.doi}`)).status).toBe(404);
    expect((await get(`/fairsharing_record/${loinc.doi}`, curatorToken)).status).toBe(200);
    expect((await get('/fairsharing_records/999999999')).status).toBe(404);
    expect((await get('/fairsharing_record/not a doi')).status).toBe(404);
  });
});

describe('registry lists', () => {
  it.each([
    ['standards', 'standard'],
    ['databases', 'database'],
    ['policies', 'policy'],
    ['collections', 'collection'],
  ])('GET /%s lists the public records of that registry', async (path, registry) => {
    const expected = await idsWhere(`r.is_hidden = false AND r.is_approved = true AND lower(reg.name) = '${registry}'`);
    const ids = await walk(`/${path}?page[size]=500`);
    expect(ids).toEqual(expected);
    const { body } = await get(`/${path}?page[size]=3`);
    expect(body.data.every((item: Item) => String(item.attributes.fairsharing_registry).toLowerCase() === registry)).toBe(true);
  });

  it('leaves the web page to browsers', async () => {
    const page = await app.inject({ url: '/standards', headers: BROWSER_NAVIGATION });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await app.inject({ url: '/standards' });
    expect(api.headers['content-type']).toContain('application/json');
  });
});

describe('POST /search/fairsharing_records', () => {
  it('answers the GraphQL search: same records, same order, same total', async () => {
    const graphql = await sendQuery(app, '{ searchFairsharingRecords(q: "genome", fairsharingRegistry: "standard", perPage: 30, page: 2) { totalCount records { id } } }');
    const { status, body } = await post('/search/fairsharing_records?page[size]=30&page[number]=2', { q: 'genome', fairsharing_registry: ['standard'] });
    expect(status).toBe(200);
    expect(body.meta.record_count).toBe(graphql.data!.searchFairsharingRecords.totalCount);
    expect(body.data.map((item: Item) => Number(item.id))).toEqual(graphql.data!.searchFairsharingRecords.records.map((record: { id: string }) => Number(record.id)));
  });

  it('takes the filters as query parameters, and its links carry them', async () => {
    const subject = await env.db.raw<{ rows: { label: string }[] }>(
      'SELECT lower(s.label) AS label FROM record_subjects rs JOIN subjects s ON s.id = rs.subject_id GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    );
    const label = subject.rows[0].label;
    const expected = await idsWhere(`r.is_hidden = false AND r.is_approved = true AND lower(reg.name) = 'database'
      AND EXISTS (SELECT 1 FROM record_subjects rs JOIN subjects s ON s.id = rs.subject_id WHERE rs.record_id = r.id AND lower(s.label) = '${label.replace(/'/g, "''")}')`);
    const start = `/search/fairsharing_records?page[size]=100&fairsharing_registry=database&subjects=${encodeURIComponent(label)}`;
    const ids = await walk(start, (url) => post(url));
    expect([...ids].sort((a, b) => a - b)).toEqual(expected);
  });

  it('applies status, is_recommended and record_type', async () => {
    const { body } = await post('/search/fairsharing_records?page[size]=500', { status: ['deprecated'], fairsharing_registry: ['standard'] });
    const expected = await idsWhere("r.is_hidden = false AND r.is_approved = true AND r.status = 'deprecated' AND lower(reg.name) = 'standard'");
    expect(body.meta.record_count).toBe(expected.length);
    const recommended = (await post('/search/fairsharing_records?page[size]=1&is_recommended=true')).body;
    expect(recommended.meta.record_count).toBe((await idsWhere('r.is_hidden = false AND r.is_approved = true AND r.is_recommended')).length);
    const type = await env.db('records as r').join('record_types as t', 't.id', 'r.record_type_id').where({ 'r.is_hidden': false, 'r.is_approved': true })
      .groupBy('t.name').orderByRaw('count(*) desc').first('t.name');
    const typed = (await post('/search/fairsharing_records?page[size]=1', { record_type: [type.name] })).body;
    const typeCount = await env.db('records as r').join('record_types as t', 't.id', 'r.record_type_id')
      .where({ 'r.is_hidden': false, 'r.is_approved': true, 't.name': type.name }).count<{ count: string }[]>('* as count');
    expect(typed.meta.record_count).toBe(Number(typeCount[0].count));
  });

  it('never finds hidden or unapproved records anonymously', async () => {
    const loinc = await env.db('records').where({ id: hiddenId }).first('name');
    const anonymous = await walk(`/search/fairsharing_records?page[size]=500&q=${encodeURIComponent(loinc.name)}`, (url) => post(url));
    expect(anonymous).not.toContain(hiddenId);
    const curator = await walk(`/search/fairsharing_records?page[size]=500&q=${encodeURIComponent(loinc.name)}`, (url) => post(url, undefined, curatorToken));
    expect(curator).toContain(hiddenId);
  });

  it('refuses a filter value that cannot mean anything', async () => {
    const { status, body } = await post('/search/fairsharing_records', { is_recommended: 'maybe' });
    expect(status).toBe(400);
    expect(body.message).toBeDefined();
  });
});

describe('reference lists', () => {
  it.each([
    ['subjects', 'label'],
    ['domains', 'label'],
    ['taxonomies', 'label'],
    ['user_defined_tags', 'label'],
    ['countries', 'name'],
    ['licences', 'name'],
    ['organisations', 'name'],
    ['grants', 'name'],
    ['publications', 'title'],
    ['record_types', 'name'],
  ])('GET /%s lists every item; POST /search/%s finds by text', async (type, nameAttribute) => {
    const [{ count }] = await env.db(type).count<{ count: string }[]>('* as count');
    const { status, body } = await get(`/${type}?page[size]=500`);
    expect(status).toBe(200);
    expect(body.meta.record_count).toBe(Number(count));
    expect(body.data.length).toBe(Math.min(500, Number(count)));
    // The demo catalogue has no organisations or grants yet.
    if (Number(count) === 0) return;
    const [first] = body.data as Item[];
    expect(first.type).toBe(type);
    const name = String(first.attributes[nameAttribute]);
    const word = name.split(/\s+/)[0].slice(0, 6);
    const search = (await post(`/search/${type}`, { q: word.toUpperCase() })).body as ListAnswer;
    expect(search.data.length).toBeGreaterThan(0);
    expect(search.data.map((item) => item.id)).toContain(first.id);
  });

  it('record types name their registry', async () => {
    const { body } = await get('/record_types?page[size]=500');
    expect(body.data.every((item: Item) => typeof item.attributes.fairsharing_registry === 'string')).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('lists every REST read with its schemas', async () => {
    const document = (await get('/api/docs/json')).body;
    for (const path of ['/fairsharing_records', '/fairsharing_records/{id}', '/fairsharing_record/{*}', '/standards', '/search/fairsharing_records', '/subjects', '/search/subjects', '/record_types']) {
      const entry = document.paths[path] ?? document.paths[path.replace('{*}', '*')];
      expect(entry, path).toBeDefined();
      const operation = entry.get ?? entry.post;
      expect(operation.responses['200'], path).toBeDefined();
    }
  });
});

describe('latestStats', () => {
  it('answers the figures the public statistics page reads, from the index, equal to Postgres counts', async () => {
    const answer = await sendQuery(app, '{latestStats{ data}}');
    expect(answer.errors).toBeUndefined();
    const stats = answer.data!.latestStats.data;
    for (const scope of ['all', 'standard', 'database', 'policy']) {
      for (const facet of ['fairsharing_registry', 'subjects', 'countries', 'taxonomies', 'licences', 'is_maintained']) {
        expect(stats.aggregations[scope][facet], `${scope}.${facet}`).toMatchObject({ doc_count: expect.any(Number), buckets: expect.any(Array) });
      }
      if (scope !== 'all') expect(stats.top_10_orgs_records[scope]).toEqual({ funders: {}, non_funders: {} });
    }
    expect(stats.totals.records).toBe(publicIds.length);
    const perRegistry = await env.db.raw<{ rows: { registry: string; count: number }[] }>(
      'SELECT lower(reg.name) AS registry, count(*)::int AS count FROM records r JOIN registries reg ON reg.id = r.registry_id WHERE r.is_hidden = false AND r.is_approved = true GROUP BY 1',
    );
    expect(stats.registries).toEqual(Object.fromEntries(perRegistry.rows.map((row) => [row.registry, row.count])));
    const standardsWithPublication = await idsWhere(`r.is_hidden = false AND r.is_approved = true AND lower(reg.name) = 'standard'
      AND EXISTS (SELECT 1 FROM record_publications rp WHERE rp.record_id = r.id)`);
    expect(stats.stds_to_pubs.standards_with_publication).toBe(standardsWithPublication.length);
    expect(stats.stds_to_pubs.standards_with_publication + stats.stds_to_pubs.standards_without_publication).toBe(stats.registries.standard);
  });
});
