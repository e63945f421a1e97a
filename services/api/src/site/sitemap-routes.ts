/**
 * GET /sitemap.xml: the static pages and every public record page (`/{id}`), from Postgres (site-service.ts).
 * Hidden and unapproved records never appear. The sitemap protocol allows 50,000 URLs per file;
 * past that a sitemap index would be needed (the demo catalogue has a few thousand records).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';

export async function sitemapRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/sitemap.xml',
    {
      schema: {
        summary: 'Sitemap of the public pages and records',
        tags: ['site'],
        querystring: Type.Object({}, { additionalProperties: false }),
        produces: ['application/xml'],
      },
    },
    async (_request, reply) => reply.type('application/xml; charset=utf-8').send(await app.site.sitemap()),
  );
}
