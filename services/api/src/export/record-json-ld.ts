/**
 * schema.org JSON-LD of one record: what search engines read from the record page head, and
 * what GraphQL answers as `schemaOrg`. Pure; takes a record row or a search document alike.
 * Its IRIs (@id, url, sameAs, a licence's url) are written by RFC 3987 (kernel/iri.ts).
 */
import type { PublicRecordFacts } from './public-record-columns.ts';
import { doiIri, rfc3987Iri } from '../kernel/iri.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';

export interface JsonLdRecordSource extends PublicRecordFacts {
  subjects: readonly { label: string }[];
  domains: readonly { label: string }[];
  licences?: readonly { name: string; url: string | null }[];
  /** Null when unknown: then no dateModified. */
  updatedAt: string | Date | null;
}

export interface JsonLdSite {
  publicUrl: string;
  siteName: string;
}

export type JsonLdDocument = Record<string, unknown>;

/**
 * Terminologies are term sets; repositories hold deposited datasets (a catalogue), other
 * databases are datasets; collections group records; other standards and policies are works.
 */
export function schemaOrgType(registry: string, recordType: string | null): string {
  const registryName = registry.toLowerCase();
  const type = recordType?.toLowerCase() ?? null;
  if (registryName === 'standard' && type === 'terminology_artefact') return 'DefinedTermSet';
  if (registryName === 'database') return type === 'repository' ? 'DataCatalog' : 'Dataset';
  if (registryName === 'collection') return 'Collection';
  return 'CreativeWork';
}

function uniqueLabels(terms: readonly { label: string }[]): string[] {
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const { label } of terms) {
    const key = label.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    labels.push(label.trim());
  }
  return labels;
}

function licenceValue(licence: { name: string; url: string | null }): string | JsonLdDocument {
  return licence.url ? { '@type': 'CreativeWork', name: licence.name, url: rfc3987Iri(licence.url) } : licence.name;
}

export function recordJsonLd(record: JsonLdRecordSource, site: JsonLdSite): JsonLdDocument {
  const publicUrl = rfc3987Iri(site.publicUrl.replace(/\/$/, ''));
  const url = recordPageUrl(publicUrl, record.id);
  const document: JsonLdDocument = {
    '@context': 'https://schema.org',
    '@type': schemaOrgType(record.registry, record.recordType),
    '@id': record.doi ? doiIri(record.doi) : url,
    url,
    name: record.name,
  };
  if (record.doi) {
    document.identifier = doiIri(record.doi);
  }
  if (record.abbreviation) document.alternateName = record.abbreviation;
  if (record.description) document.description = record.description;
  if (record.homepage) document.sameAs = rfc3987Iri(record.homepage.trim());
  const keywords = uniqueLabels([...record.subjects, ...record.domains]);
  if (keywords.length > 0) document.keywords = keywords;
  const licences = record.licences ?? [];
  if (licences.length === 1) document.license = licenceValue(licences[0]);
  if (licences.length > 1) document.license = licences.map(licenceValue);
  const modified = record.updatedAt === null ? null : new Date(record.updatedAt);
  if (modified && !Number.isNaN(modified.getTime())) document.dateModified = modified.toISOString();
  document.isPartOf = { '@type': 'DataCatalog', name: site.siteName, url: publicUrl };
  return document;
}
