/**
 * `latestStats.top_10_orgs_records`: per registry, the organisations linked to the most public
 * records as funders (relation `funds`) and by any other relation, as the public client's
 * statistics page reads them (`{name: {id, count}}`), equal to a direct count in Postgres.
 * The demo catalogue holds no organisations, so two are created and linked to real records the
 * way a curator's edit would, one of them also to a hidden record, which must not count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, reindexEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { sendQuery } from '../graphql/support.ts';
import { STATS_QUERY } from '../graphql/client-queries.ts';

type Ranking = Record<string, { id: number; count: number }>;
type OrganisationFigures = Record<'standard' | 'database' | 'policy', { funders: Ranking; non_funders: Ranking }>;

let env: IsolatedEnvironment;
let app: FastifyInstance;
let funder: { id: number; name: string };
let maintainer: { id: number; name: string };

/** Public records of `registry` (database name) linked to each organisation by relations `funds` (or not), from Postgres. */
async function countInPostgres(registry: string, funders: boolean): Promise<Ranking> {
  const result = await env.db.raw<{ rows: { id: number; name: string; count: number }[] }>(
    `SELECT o.id, o.name, count(DISTINCT r.id)::int AS count
       FROM organisation_links l
       JOIN organisations o ON o.id = l.organisation_id
       JOIN records r ON r.id = l.record_id AND r.is_hidden = false AND r.is_approved = true
       JOIN registries g ON g.id = r.registry_id AND g.name = ?
      WHERE (l.relation = 'funds') = ?
      GROUP BY o.id, o.name`,
    [registry, funders],
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, { id: row.id, count: row.count }]));
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('statistics_organisations');
  await seedDemoCatalogue(env.db);
  [funder] = await env.db('organisations').insert({ name: 'National Institutes of Health', homepage: 'https://www.nih.gov' }).returning(['id', 'name']);
  [maintainer] = await env.db('organisations').insert({ name: 'European Bioinformatics Institute', homepage: 'https://www.ebi.ac.uk' }).returning(['id', 'name']);
  const recordsOf = async (registry: string, count: number) =>
    (await env.db('records as r').join('registries as g', 'g.id', 'r.registry_id').where('g.name', registry).where({ 'r.is_hidden': false, 'r.is_approved': true })
      .orderBy('r.id').limit(count).pluck('r.id')).map(Number);
  const standards = await recordsOf('Standard', 5);
  const databases = await recordsOf('Database', 3);
  await env.db('organisation_links').insert([
    // The funder funds five standards and maintains one of them too (it counts once in each list).
    ...standards.map((id) => ({ record_id: id, organisation_id: funder.id, relation: 'funds' })),
    { record_id: standards[0], organisation_id: funder.id, relation: 'maintains' },
    // The other organisation maintains three databases and collaborates on two standards.
    ...databases.map((id) => ({ record_id: id, organisation_id: maintainer.id, relation: 'maintains' })),
    { record_id: standards[1], organisation_id: maintainer.id, relation: 'collaborates_on' },
    { record_id: standards[2], organisation_id: maintainer.id, relation: 'associated_with' },
  ]);
  // A hidden standard funded by the funder: it must not count.
  await env.db('records').where({ id: standards[4] }).update({ is_hidden: true });
  await reindexEnvironment(env);
  app = await buildTestApp(env.config, { db: env.db });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('latestStats: organisations of each registry', () => {
  it('ranks funders and other organisations as a direct count of public records in Postgres does', async () => {
    const answer = await sendQuery(app, STATS_QUERY);
    expect(answer.errors).toBeUndefined();
    const figures = (answer.data!.latestStats as { data: { top_10_orgs_records: OrganisationFigures } }).data.top_10_orgs_records;
    expect(figures.standard.funders).toEqual({ [funder.name]: { id: funder.id, count: 4 } });
    expect(figures.standard.non_funders).toEqual({ [maintainer.name]: { id: maintainer.id, count: 2 }, [funder.name]: { id: funder.id, count: 1 } });
    expect(figures.database).toEqual({ funders: {}, non_funders: { [maintainer.name]: { id: maintainer.id, count: 3 } } });
    expect(figures.policy).toEqual({ funders: {}, non_funders: {} });
    for (const [registry, name] of [['standard', 'Standard'], ['database', 'Database'], ['policy', 'Policy']] as const) {
      expect(figures[registry].funders).toEqual(await countInPostgres(name, true));
      expect(figures[registry].non_funders).toEqual(await countInPostgres(name, false));
    }
  });
});
