/** The site's public figures (home page) and its sitemap. */
import type { Database } from '@registry/platform';
import { PUBLIC_STATIC_PAGES } from '@registry/schemas/web/page-paths.ts';
import { escapeMarkup } from '../kernel/escape-markup.ts';
import * as repository from './site-repository.ts';

export interface HomepageFigures {
  records: Record<string, number>;
  totalRecords: number;
  contributors: number;
  views: number;
}

export const publicRecordCountsByRegistry = (db: Database) => repository.publicRecordCountsByRegistry(db);

export async function homepageStats(db: Database): Promise<HomepageFigures> {
  const [records, { contributors, views }] = await Promise.all([repository.publicRecordCountsByRegistry(db), repository.contributorsAndViews(db)]);
  return { records, totalRecords: Object.values(records).reduce((sum, count) => sum + count, 0), contributors, views };
}

function urlEntry(location: string, lastModified?: Date | null): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${escapeMarkup(location)}</loc>${lastmod}</url>`;
}

/** The static pages and every public record page (`/{id}`); records without a date have no `<lastmod>`. */
export async function sitemap(db: Database, publicUrl: string): Promise<string> {
  const base = publicUrl.replace(/\/$/, '');
  const records = await repository.publicRecordDates(db);
  const entries = [
    ...PUBLIC_STATIC_PAGES.map((page) => urlEntry(`${base}${page}`)),
    ...records.map((record) => urlEntry(`${base}/${record.id}`, record.updated_at)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
