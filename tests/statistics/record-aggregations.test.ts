/**
 * Aggregations answered from the index equal a direct count in Postgres, under several filter
 * combinations; over-large requests are refused; hidden and unapproved records are never
 * counted for anonymous callers (but are for curators).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signUserToken } from '@registry/api/http/auth.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, reindexEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { sendQuery } from '../graphql/support.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let curatorToken: string;
let topSubject: string;
let hiddenIds: number[];
/** Records at one end of a `recommends` or `implements` relation, hidden so their relations must not count. */
let hiddenRelationEnds: number[];

const PUBLIC = 'r.is_hidden = false AND r.is_approved = true';

/** Counts per value of `valueSql` over public records matching `where` (SQL joins given in `joins`). */
async function countInPostgres(valueSql: string, joins: string, where = 'true', bindings: string[] = []): Promise<Record<string, number>> {
  const result = await env.db.raw<{ rows: { value: string; count: number }[] }>(
    `SELECT ${valueSql} AS value, count(DISTINCT r.id)::int AS count
     FROM records r JOIN registries reg ON reg.id = r.registry_id ${joins}
     WHERE ${PUBLIC} AND (${where}) GROUP BY 1`,
    bindings,
  );
  return Object.fromEntries(result.rows.map((row) => [row.value, row.count]));
}

const SUBJECT_JOIN = 'JOIN record_subjects rs ON rs.record_id = r.id JOIN subjects s ON s.id = rs.subject_id';

interface Bucket {
  key: string;
  count: number;
  buckets?: Bucket[];
}

function asCounts(buckets: Bucket[]): Record<string, number> {
  return Object.fromEntries(buckets.map((bucket) => [bucket.key, bucket.count]));
}

/** The top `size` of a Postgres count, as OpenSearch orders terms (count desc, then key asc). */
function top(counts: Record<string, number>, size: number): Record<string, number> {
  const entries = Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  return Object.fromEntries(entries.slice(0, size));
}

async function statistics(query: string, token?: string) {
  const response = await app.inject({ url: `/statistics/records?${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('statistics_aggregations');
  await seedDemoCatalogue(env.db);
  const subject = await env.db.raw<{ rows: { label: string }[] }>(
    `SELECT lower(s.label) AS label FROM record_subjects rs JOIN subjects s ON s.id = rs.subject_id GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  topSubject = subject.rows[0].label;
  // Hide three and unapprove three records of the most common subject, so its counts must drop.
  const ids = await env.db.raw<{ rows: { id: number }[] }>(
    `SELECT rs.record_id AS id FROM record_subjects rs JOIN subjects s ON s.id = rs.subject_id WHERE lower(s.label) = ? ORDER BY 1 LIMIT 6`,
    [topSubject],
  );
  hiddenIds = ids.rows.map((row) => row.id);
  await env.db('records').whereIn('id', hiddenIds.slice(0, 3)).update({ is_hidden: true });
  await env.db('records').whereIn('id', hiddenIds.slice(3)).update({ is_approved: false });
  // Hide a journal policy that recommends standards, a database that policies recommend and a
  // database implementing standards (none of the most common subject, whose counts the
  // visibility tests check): their relations must drop out of the relation facets.
  const relationEnds = await env.db.raw<{ rows: { id: number }[] }>(
    `(SELECT a.record_id AS id FROM record_associations a JOIN relation_types rt ON rt.id = a.relation_type_id AND rt.name = 'recommends'
        JOIN records t ON t.id = a.linked_record_id JOIN registries tr ON tr.id = t.registry_id AND tr.name = 'Standard'
        JOIN records p ON p.id = a.record_id JOIN record_types pt ON pt.id = p.record_type_id AND pt.name = 'journal'
       WHERE NOT EXISTS (SELECT 1 FROM record_subjects rs JOIN subjects s ON s.id = rs.subject_id WHERE rs.record_id = a.record_id AND lower(s.label) = :subject)
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)
     UNION ALL
     (SELECT a.linked_record_id FROM record_associations a JOIN relation_types rt ON rt.id = a.relation_type_id AND rt.name = 'recommends'
        JOIN records t ON t.id = a.linked_record_id JOIN registries tr ON tr.id = t.registry_id AND tr.name = 'Database'
       WHERE NOT EXISTS (SELECT 1 FROM record_subjects rs JOIN subjects s ON s.id = rs.subject_id WHERE rs.record_id = a.linked_record_id AND lower(s.label) = :subject)
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)
     UNION ALL
     (SELECT a.record_id FROM record_associations a JOIN relation_types rt ON rt.id = a.relation_type_id AND rt.name = 'implements'
        JOIN records d ON d.id = a.record_id JOIN registries dr ON dr.id = d.registry_id AND dr.name = 'Database'
       WHERE NOT EXISTS (SELECT 1 FROM record_subjects rs JOIN subjects s ON s.id = rs.subject_id WHERE rs.record_id = a.record_id AND lower(s.label) = :subject)
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)`,
    { subject: topSubject },
  );
  hiddenRelationEnds = relationEnds.rows.map((row) => row.id);
  await env.db('records').whereIn('id', hiddenRelationEnds).update({ is_hidden: true });
  await reindexEnvironment(env);
  const [curator] = await env.db('users').insert({ username: 'stats-curator', email: 'stats-curator@example.org', role: 'curator' }).returning('id');
  app = await buildTestApp(env.config, { db: env.db });
  curatorToken = await signUserToken(app, curator.id);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('answers equal a direct count in Postgres', () => {
  it('per registry, without filters', async () => {
    const { status, body } = await statistics('by=fairsharing_registry');
    expect(status).toBe(200);
    expect(asCounts(body.buckets)).toEqual(await countInPostgres('lower(reg.name)', ''));
    const [{ total }] = (await env.db.raw<{ rows: { total: number }[] }>(`SELECT count(*)::int AS total FROM records r WHERE ${PUBLIC}`)).rows;
    expect(body.totalCount).toBe(total);
  });

  it('top subjects of the standards registry', async () => {
    const { body } = await statistics('by=subjects&size=15&fairsharingRegistry=standard');
    const expected = top(await countInPostgres('lower(s.label)', SUBJECT_JOIN, "lower(reg.name) = 'standard'"), 15);
    expect(asCounts(body.buckets)).toEqual(expected);
  });

  it('per status, under a subject and a registry list (several values of one facet match any)', async () => {
    const { body } = await statistics(`by=status&subjects=${encodeURIComponent(topSubject)}&fairsharingRegistry=standard&fairsharingRegistry=database`);
    const expected = await countInPostgres('r.status', SUBJECT_JOIN, "lower(s.label) = ? AND lower(reg.name) IN ('standard', 'database')", [topSubject]);
    expect(asCounts(body.buckets)).toEqual(expected);
    expect(body.buckets.find((bucket: { key: string }) => bucket.key === 'in_development')?.label ?? 'In Dev.').toBe('In Dev.');
  });

  it('a registry × subject pivot', async () => {
    const { body } = await statistics('by=fairsharing_registry&by=subjects&size=5');
    for (const outer of body.buckets as Bucket[]) {
      const expected = top(await countInPostgres('lower(s.label)', SUBJECT_JOIN, 'lower(reg.name) = ?', [outer.key]), 5);
      expect(asCounts(outer.buckets ?? [])).toEqual(expected);
    }
  });

  it('records created per year, in the database registry, beside those updated per month; unknown dates in no bucket', async () => {
    const { body } = await statistics('dateHistogram=createdAt&dateHistogram=updatedAt&fairsharingRegistry=database');
    const byYear = await countInPostgres(`to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY')`, '', "lower(reg.name) = 'database' AND r.created_at IS NOT NULL");
    const created = Object.fromEntries((body.createdAt as { date: string; count: number }[]).filter((b) => b.count > 0).map((b) => [b.date, b.count]));
    expect(created).toEqual(byYear);
    expect(Object.keys(created).length).toBeGreaterThan(0);
    // Seeded records the sources do not date count in the total only, never as the seed's day.
    const undated = await countInPostgres(`'unknown'`, '', "lower(reg.name) = 'database' AND r.created_at IS NULL");
    expect(Object.values(created).reduce((sum, count) => sum + count, 0) + undated.unknown).toBe(body.totalCount);
    expect(body.updatedAt.length).toBeGreaterThan(0);
    const monthly = await statistics('dateHistogram=updatedAt&interval=month');
    const byMonth = await countInPostgres(`to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM')`, '', 'r.updated_at IS NOT NULL');
    const updated = Object.fromEntries((monthly.body.updatedAt as { date: string; count: number }[]).filter((b) => b.count > 0).map((b) => [b.date, b.count]));
    expect(updated).toEqual(byMonth);
  });

  it('GraphQL recordAggregations answers the same as REST', async () => {
    const answer = await sendQuery(app, `{ recordAggregations(by: ["countries"], size: 20, fairsharingRegistry: "database") { totalCount by buckets { key label count } otherCount } }`);
    expect(answer.errors).toBeUndefined();
    const rest = await statistics('by=countries&size=20&fairsharingRegistry=database');
    expect(answer.data!.recordAggregations.buckets).toEqual(rest.body.buckets.map(({ key, label, count }: Bucket & { label: string }) => ({ key, label, count })));
    expect(answer.data!.recordAggregations.totalCount).toBe(rest.body.totalCount);
  });
});

/** Per name of the record at the other end, the public records of `registry` related to a public one by `relation`. */
function relationCounts(registry: string, relation: string, otherRegistry: string, outgoing: boolean, recordType?: string) {
  const [near, far] = outgoing ? ['record_id', 'linked_record_id'] : ['linked_record_id', 'record_id'];
  const joins = `JOIN record_associations a ON a.${near} = r.id
    JOIN relation_types rt ON rt.id = a.relation_type_id AND rt.name = '${relation}'
    JOIN records o ON o.id = a.${far} AND o.is_hidden = false AND o.is_approved = true
    JOIN registries orr ON orr.id = o.registry_id AND orr.name = '${otherRegistry}'
    LEFT JOIN record_types ty ON ty.id = r.record_type_id`;
  return countInPostgres('lower(o.name)', joins, recordType ? 'reg.name = ? AND ty.name = ?' : 'reg.name = ?', recordType ? [registry, recordType] : [registry]);
}

describe('relations between public records (search document v5)', () => {
  it.each([
    ['standards recommended by the most policies', 'by=recommended_standards&fairsharingRegistry=policy', ['Policy', 'recommends', 'Standard', true]],
    ['databases recommended by the most policies', 'by=recommended_databases&fairsharingRegistry=policy', ['Policy', 'recommends', 'Database', true]],
    ['standards recommended by the most journal policies', 'by=recommended_standards&fairsharingRegistry=policy&recordType=journal', ['Policy', 'recommends', 'Standard', true, 'journal']],
    ['databases recommended by the most journal policies', 'by=recommended_databases&fairsharingRegistry=policy&recordType=journal', ['Policy', 'recommends', 'Database', true, 'journal']],
    ['databases implementing the most standards', 'by=implemented_by_databases&fairsharingRegistry=standard', ['Standard', 'implements', 'Database', false]],
  ] as const)('%s equal a direct count of public relations', async (_name, query, [registry, relation, other, outgoing, recordType]) => {
    const { status, body } = await statistics(`${query}&size=100`);
    expect(status).toBe(200);
    const expected = await relationCounts(registry, relation, other, outgoing, recordType);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(asCounts(body.buckets)).toEqual(top(expected, 100));
    // The search a bar opens (the same filters plus its value) finds as many records as the bar counts.
    const facet = query.split('&')[0].slice('by='.length).replace(/_(.)/g, (_match, letter: string) => letter.toUpperCase());
    for (const bucket of (body.buckets as Bucket[]).slice(0, 3)) {
      const filters = query.split('&').slice(1).map((pair) => pair.split('=')).map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(', ');
      const answer = await sendQuery(app, `{ searchFairsharingRecords(${filters}, ${facet}: ${JSON.stringify(bucket.key)}) { totalCount } }`);
      expect(answer.data!.searchFairsharingRecords.totalCount).toBe(bucket.count);
    }
  });

  it('leaves out relations to hidden records, and hidden records themselves', async () => {
    const hiddenNames = (await env.db('records').whereIn('id', hiddenRelationEnds).select('name')).map((row: { name: string }) => row.name.toLowerCase());
    expect(hiddenNames).toHaveLength(3);
    const keys = await Promise.all(
      ['by=recommended_databases&fairsharingRegistry=policy', 'by=implemented_by_databases&fairsharingRegistry=standard'].map(async (query) =>
        ((await statistics(`${query}&size=100`)).body.buckets as Bucket[]).map((bucket) => bucket.key),
      ),
    );
    for (const name of hiddenNames) expect(keys.flat()).not.toContain(name);
  });

  it('labels each bucket with the record name as written', async () => {
    const { body } = await statistics('by=recommended_databases&fairsharingRegistry=policy&size=100');
    const names = await env.db('records').where({ is_hidden: false, is_approved: true }).select('name');
    const written = new Map(names.map((row: { name: string }) => [row.name.toLowerCase(), row.name]));
    for (const bucket of body.buckets as (Bucket & { label: string })[]) expect(bucket.label).toBe(written.get(bucket.key));
    expect((body.buckets as { label: string }[]).some((bucket) => bucket.label !== bucket.label.toLowerCase())).toBe(true);
  });

  it('GraphQL answers the same as REST', async () => {
    const answer = await sendQuery(app, `{ recordAggregations(by: ["implemented_by_databases"], size: 15, fairsharingRegistry: "standard") { buckets { key label count } } }`);
    expect(answer.errors).toBeUndefined();
    const rest = await statistics('by=implemented_by_databases&size=15&fairsharingRegistry=standard');
    expect(answer.data!.recordAggregations.buckets).toEqual(rest.body.buckets.map(({ key, label, count }: Bucket & { label: string }) => ({ key, label, count })));
  });
});

describe('costs are bounded', () => {
  it.each([
    ['size=101&by=subjects', /size must be from 1 to 100/],
    ['size=26&by=fairsharing_registry&by=subjects', /size must be from 1 to 25 when two facets are pivoted/],
    ['by=fairsharing_registry&by=subjects&by=countries', /at most 2 dimensions/],
    ['by=fairsharing_registry&by=subjects&dateHistogram=createdAt', /at most 2 dimensions/],
    ['by=nonsense', /unknown facet "nonsense"/],
    ['by=is_approved', /unknown facet "is_approved"/],
    ['dateHistogram=deletedAt', /unknown date/],
    ['dateHistogram=createdAt&interval=day', /interval must be year or month/],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const { status, body } = await statistics(query);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid query');
    expect(body.message).toMatch(message);
  });

  it('refuses an over-large GraphQL aggregation with the reason', async () => {
    const answer = await sendQuery(app, `{ recordAggregations(by: ["subjects"], size: 1000) { totalCount } }`);
    expect(answer.errors?.[0].message).toMatch(/^invalid query: size must be from 1 to 100/);
  });
});

describe('visibility', () => {
  it('never counts hidden or unapproved records anonymously; curators see them', async () => {
    const anonymous = await statistics(`subjects=${encodeURIComponent(topSubject)}&by=subjects&size=1`);
    const curator = await statistics(`subjects=${encodeURIComponent(topSubject)}&by=subjects&size=1`, curatorToken);
    const everything = await countInPostgres('lower(s.label)', SUBJECT_JOIN, 'lower(s.label) = ?', [topSubject]);
    expect(anonymous.body.totalCount).toBe(everything[topSubject]);
    expect(curator.body.totalCount).toBe(anonymous.body.totalCount + hiddenIds.length);
    const ids = await sendQuery(app, `{ recordAggregations(ids: [${hiddenIds.join(',')}], by: ["fairsharing_registry"]) { totalCount buckets { count } } }`);
    expect(ids.data!.recordAggregations).toEqual({ totalCount: 0, buckets: [] });
  });

  it('does not let anonymous callers pivot by approval', async () => {
    const { status } = await statistics('by=is_approved');
    expect(status).toBe(400);
    const curator = await statistics('by=is_approved', curatorToken);
    expect(asCounts(curator.body.buckets).false).toBe(3);
  });
});
