/**
 * GET /sitemap.xml: the static pages and every public record page (`/{id}`), from Postgres.
 * Hidden and unapproved records never appear. The sitemap protocol allows 50,000 URLs per file;
 * past that a sitemap index would be needed (the demo catalogue has a few thousand records).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import { PUBLIC_STATIC_PAGES } from '@registry/schemas/web/page-paths.ts';
import { escapeMarkup } from '../plugins/escape-markup.ts';

function urlEntry(location: string, lastModified?: Date | null): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${escapeMarkup(location)}</loc>${lastmod}</url>`;
}

export async function buildSitemap(app: FastifyInstance): Promise<string> {
  const publicUrl = app.config.publicUrl.replace(/\/$/, '');
  // updated_at is null when the sources give no date: such entries have no <lastmod>.
  const records: { id: number; updated_at: Date | null }[] = await app.db('records')
    .select('id', 'updated_at')
    .modify(visibleRecordsOnly(ANONYMOUS_VIEWER))
    .orderBy('id');
  const entries = [
    ...PUBLIC_STATIC_PAGES.map((page) => urlEntry(`${publicUrl}${page}`)),
    ...records.map((record) => urlEntry(`${publicUrl}/${record.id}`, record.updated_at)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

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
    async (_request, reply) => reply.type('application/xml; charset=utf-8').send(await buildSitemap(app)),
  );
}
