/**
 * Reads the free-form `metadata` JSON of a record into what the page shows: support links
 * grouped by type, access points, citations, and the remaining fields for "Additional information".
 */
import type { Publication } from './record-types.ts';

export interface SupportLink {
  url: string;
  name: string;
  type: string;
}

export interface AccessPoint {
  url: string;
  type: string;
  name: string;
  exampleUrl: string | null;
  documentationUrl: string | null;
}

/** Metadata keys with their own section; everything else goes to "Additional information". */
export const KEYS_SHOWN_ELSEWHERE = new Set([
  'contacts',
  'citations',
  'support_links',
  'deprecation_reason',
  'year_creation',
  'access_points',
  'data_access_condition',
  'data_access_conditions',
  'homepage',
  'name',
  'abbreviation',
  'description',
]);

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object';
}

/** A field of the metadata JSON (the API types it as any JSON; the catalogue's is an object). */
function field(metadata: unknown, key: string): unknown {
  return isObject(metadata) && !Array.isArray(metadata) ? metadata[key] : undefined;
}

function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** SPEC §3 support link types; an e-mail address becomes a mailto: link. */
export function supportLinksByType(metadata: unknown): Array<{ type: string; links: SupportLink[] }> {
  const groups = new Map<string, SupportLink[]>();
  for (const item of objects(field(metadata, 'support_links'))) {
    const url = text(item.url);
    if (!url) continue;
    const type = text(item.type) || 'Other';
    const href = /^\S+@\S+\.\S+$/.test(url) && !url.startsWith('mailto:') ? `mailto:${url}` : url;
    const link = { url: href, name: text(item.name) || url, type };
    groups.set(type, [...(groups.get(type) ?? []), link]);
  }
  return [...groups.entries()].map(([type, links]) => ({ type, links }));
}

export function contacts(metadata: unknown): Array<{ name: string; email: string; orcid: string }> {
  return objects(field(metadata, 'contacts'))
    .map((item) => ({ name: text(item.contact_name) || text(item.name), email: text(item.contact_email) || text(item.email), orcid: text(item.contact_orcid) || text(item.orcid) }))
    .filter((contact) => contact.name || contact.email);
}

export function accessPoints(metadata: unknown): AccessPoint[] {
  return objects(field(metadata, 'access_points'))
    .map((item) => ({
      url: text(item.url),
      type: text(item.type) || 'Other',
      name: text(item.name),
      exampleUrl: text(item.example_url) || null,
      documentationUrl: text(item.documentation_url) || null,
    }))
    .filter((point) => point.url !== '');
}

/** Data access conditions come as a string, an object ({type, url}) or a list of those. */
export function dataAccessConditions(metadata: unknown): Array<{ label: string; url: string | null }> {
  const raw = field(metadata, 'data_access_condition') ?? field(metadata, 'data_access_conditions');
  const items = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return items
    .map((item) => {
      if (typeof item === 'string') return { label: item, url: null };
      if (item && typeof item === 'object') {
        const record = item as Record<string, unknown>;
        return { label: text(record.type) || text(record.name) || text(record.value), url: text(record.url) || null };
      }
      return { label: '', url: null };
    })
    .filter((condition) => condition.label !== '');
}

/** A publication as "How to cite" shows it: one of the record's, or a citation's own DOI and title. */
export type Citation = Pick<Publication, 'id' | 'title' | 'doi'> & Partial<Pick<Publication, 'authors' | 'year' | 'journal'>>;

/** "How to cite": citations point at publications by id (or carry their own DOI). */
export function citedPublications(metadata: unknown, publications: Publication[]): Citation[] {
  const cited: Citation[] = [];
  for (const citation of objects(field(metadata, 'citations'))) {
    const byId = publications.find((publication) => String(publication.id) === text(citation.publication_id));
    if (byId) cited.push(byId);
    else if (text(citation.doi) || text(citation.title)) {
      cited.push({ id: text(citation.doi) || text(citation.title), title: text(citation.title) || text(citation.doi), doi: text(citation.doi) || null });
    }
  }
  return cited;
}

export function yearOfCreation(metadata: unknown): string {
  return text(field(metadata, 'year_creation'));
}

export function deprecationReason(metadata: unknown): string {
  return text(field(metadata, 'deprecation_reason'));
}

/** "data_versioning" → "Data versioning". */
export function humaniseKey(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface AdditionalField {
  label: string;
  /** Lines of "label: value" text, one per value. */
  values: string[];
}

function describe(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'boolean') return [value ? 'Yes' : 'No'];
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(describe);
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => {
        const described = describe(inner);
        return described.length ? `${humaniseKey(key)}: ${described.join(', ')}` : '';
      })
      .filter(Boolean);
    return parts.length ? [parts.join('; ')] : [];
  }
  return [];
}

/** Metadata fields that no other section shows, in a readable form. */
export function additionalFields(metadata: unknown): AdditionalField[] {
  if (!isObject(metadata) || Array.isArray(metadata)) return [];
  return Object.entries(metadata)
    .filter(([key]) => !KEYS_SHOWN_ELSEWHERE.has(key))
    .map(([key, value]) => ({ label: humaniseKey(key), values: describe(value) }))
    .filter((field) => field.values.length > 0);
}
