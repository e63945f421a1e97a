/**
 * Home page figures and the site's JSON-LD.
 * GET /homepage_stats: public records per registry; contributors = the people (active users)
 * who created or edited a record; views = the sum of record page views.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { activeUsersOnly, ANONYMOUS_VIEWER, REGISTRY_NAMES, visibleRecordsOnly } from '@registry/schemas';
import { siteJsonLd } from '../linked-data/site-json-ld.ts';

export const HomepageStats = Type.Object({
  records: Type.Record(Type.String(), Type.Integer(), {
    description: 'Public records per registry (standard, database, policy, collection)',
  }),
  totalRecords: Type.Integer(),
  contributors: Type.Integer({ description: 'People (active users) who created or edited a record' }),
  views: Type.Integer({ description: 'Record page views counted since records were first viewed' }),
});
export type HomepageStats = Static<typeof HomepageStats>;

const NoQuery = Type.Object({}, { additionalProperties: false });

export async function publicRecordCountsByRegistry(app: FastifyInstance): Promise<Record<string, number>> {
  const rows: { registry: string; count: number }[] = await app.db('records')
    .join('registries as reg', 'reg.id', 'records.registry_id')
    .modify(visibleRecordsOnly(ANONYMOUS_VIEWER))
    .groupByRaw('lower(reg.name)')
    .select(app.db.raw('lower(reg.name) AS registry'), app.db.raw('count(*)::int AS count'));
  const counts: Record<string, number> = Object.fromEntries(REGISTRY_NAMES.map((name) => [name, 0]));
  for (const row of rows) counts[row.registry] = row.count;
  return counts;
}

/** Active users who created a record, are named as a record's last editor, or have an edit event. */
function contributorCount(app: FastifyInstance) {
  return app.db('users')
    .modify(activeUsersOnly())
    .where((contributed) =>
      contributed
        .whereExists((created) => created.select(app.db.raw('1')).from('records').whereRaw('records.created_by_id = users.id'))
        .orWhereExists((edited) => edited.select(app.db.raw('1')).from('records').whereRaw('records.last_editor_id = users.id'))
        .orWhereExists((event) => event.select(app.db.raw('1')).from('edit_events').whereRaw('edit_events.user_id = users.id')),
    )
    .select(app.db.raw('count(*)::int'));
}

export async function homepageStats(app: FastifyInstance): Promise<HomepageStats> {
  const [records, figures] = await Promise.all([
    publicRecordCountsByRegistry(app),
    app.db.raw<{ rows: { contributors: number; views: number }[] }>(`
      SELECT
        (${contributorCount(app).toString()}) AS contributors,
        (SELECT COALESCE(sum(views), 0)::bigint FROM record_views) AS views`),
  ]);
  const { contributors, views } = figures.rows[0];
  return {
    records,
    totalRecords: Object.values(records).reduce((sum, count) => sum + count, 0),
    contributors,
    views: Number(views),
  };
}

export async function homepageRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/homepage_stats',
    {
      schema: {
        summary: 'Figures for the home page',
        tags: ['site'],
        querystring: NoQuery,
        response: { 200: HomepageStats },
      },
    },
    async () => homepageStats(app),
  );

  app.get(
    '/homepage_jsonld',
    {
      schema: {
        summary: 'schema.org DataCatalog description of the site (JSON-LD)',
        tags: ['site'],
        querystring: NoQuery,
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async (_request, reply) => {
      const recordCounts = await publicRecordCountsByRegistry(app);
      const document = siteJsonLd({ publicUrl: app.config.publicUrl, siteName: app.config.siteName }, { recordCounts });
      return reply.type('application/ld+json; charset=utf-8').send(document);
    },
  );
}
