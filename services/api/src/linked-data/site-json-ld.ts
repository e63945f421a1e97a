/** schema.org JSON-LD of the whole site, a DataCatalog of its records (GET /homepage_jsonld). */
import type { JsonLdDocument, JsonLdSite } from '../export/record-json-ld.ts';
import { CATALOGUE_DUMPS } from './record-triples.ts';

export interface SiteCatalogueFacts {
  /** Public records per registry (standard, database, policy, collection). */
  recordCounts: Record<string, number>;
}

export function siteJsonLd(site: JsonLdSite, facts: SiteCatalogueFacts): JsonLdDocument {
  const publicUrl = site.publicUrl.replace(/\/$/, '');
  const total = Object.values(facts.recordCounts).reduce((sum, count) => sum + count, 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'DataCatalog',
    '@id': publicUrl,
    url: publicUrl,
    name: site.siteName,
    description: `${site.siteName} is a curated registry of ${total} data and metadata standards, databases, data policies and collections.`,
    keywords: ['data standards', 'databases', 'data policies', 'FAIR', 'registry'],
    license: 'https://creativecommons.org/licenses/by-sa/4.0/',
    inLanguage: 'en',
    potentialAction: {
      '@type': 'SearchAction',
      target: `${publicUrl}/search?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
    distribution: CATALOGUE_DUMPS.map((dump) => ({ '@type': 'DataDownload', encodingFormat: dump.mediaType, contentUrl: `${publicUrl}${dump.path}` })),
    hasPart: Object.entries(facts.recordCounts).map(([registry, count]) => ({
      '@type': 'Collection',
      name: `${registry} records`,
      collectionSize: count,
    })),
  };
}
