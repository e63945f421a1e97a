/**
 * Home page figures and the site's JSON-LD.
 * GET /homepage_stats: public records per registry; contributors = the people (active users)
 * who created or edited a record; views = the sum of record page views.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
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
    async () => app.site.homepageStats(),
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
      const recordCounts = await app.site.publicRecordCountsByRegistry();
      const document = siteJsonLd({ publicUrl: app.config.publicUrl, siteName: app.config.siteName }, { recordCounts });
      return reply.type('application/ld+json; charset=utf-8').send(document);
    },
  );
}
