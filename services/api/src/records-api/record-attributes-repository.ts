/**
 * The attributes of records as the REST reads give them (FAIRsharing's JSON:API names), read
 * from Postgres in one query for a whole page: every list is aggregated in SQL, so a page of
 * 500 records costs one round trip. Only records the viewer may see come back (the access
 * module's rule, as a knex modifier).
 */
import type { Database } from '@registry/platform';
import { visibleRecordsOnly, type Viewer } from '@registry/schemas';

export interface RecordAttributes {
  name: string;
  abbreviation: string | null;
  description: string;
  doi: string | null;
  /** The record's page on this site. */
  url: string;
  fairsharing_registry: string;
  record_type: string | null;
  status: string;
  homepage: string | null;
  is_recommended: boolean;
  is_maintained: boolean;
  /** Contacts (with contact_orcid), support links, citations, ... as curated. */
  metadata: Record<string, unknown>;
  subjects: { id: number; label: string; iri: string | null }[];
  domains: { id: number; label: string; iri: string | null }[];
  taxonomies: { id: number; label: string; iri: string | null }[];
  object_types: { id: number; label: string; iri: string | null }[];
  user_defined_tags: { id: number; label: string }[];
  countries: { id: number; name: string; code: string }[];
  licences: { id: number; name: string; url: string | null; relation: string }[];
  organisations: { id: number; name: string; relation: string; is_lead: boolean }[];
  publications: { id: number; title: string; doi: string | null; url: string | null; year: number | null }[];
  legacy_ids: string[];
  created_at: string;
  updated_at: string;
}

export interface RecordWithAttributes {
  id: number;
  attributes: RecordAttributes;
}

function terms(joinTable: string, joinColumn: string, termTable: string): string {
  return `COALESCE((SELECT json_agg(json_build_object('id', t.id, 'label', t.label, 'iri', t.iri) ORDER BY t.label, t.id)
    FROM ${joinTable} j JOIN ${termTable} t ON t.id = j.${joinColumn} WHERE j.record_id = r.id), '[]'::json)`;
}

const ISO_TIMESTAMP = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const ATTRIBUTES_SQL = `json_build_object(
  'name', r.name,
  'abbreviation', r.abbreviation,
  'description', r.description,
  'doi', r.doi,
  'fairsharing_registry', reg.name,
  'record_type', rt.name,
  'status', r.status,
  'homepage', r.homepage,
  'is_recommended', r.is_recommended,
  'is_maintained', EXISTS (SELECT 1 FROM record_maintainers m WHERE m.record_id = r.id),
  'metadata', r.metadata,
  'subjects', ${terms('record_subjects', 'subject_id', 'subjects')},
  'domains', ${terms('record_domains', 'domain_id', 'domains')},
  'taxonomies', ${terms('record_taxonomies', 'taxonomy_id', 'taxonomies')},
  'object_types', ${terms('record_object_types', 'object_type_id', 'object_types')},
  'user_defined_tags', COALESCE((SELECT json_agg(json_build_object('id', t.id, 'label', t.label) ORDER BY t.label, t.id)
    FROM record_user_defined_tags j JOIN user_defined_tags t ON t.id = j.user_defined_tag_id WHERE j.record_id = r.id), '[]'::json),
  'countries', COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'code', c.code) ORDER BY c.name, c.id)
    FROM record_countries j JOIN countries c ON c.id = j.country_id WHERE j.record_id = r.id), '[]'::json),
  'licences', COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'url', l.url, 'relation', ll.relation) ORDER BY l.name, ll.id)
    FROM licence_links ll JOIN licences l ON l.id = ll.licence_id WHERE ll.record_id = r.id), '[]'::json),
  'organisations', COALESCE((SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'relation', ol.relation, 'is_lead', ol.is_lead) ORDER BY o.name, ol.id)
    FROM organisation_links ol JOIN organisations o ON o.id = ol.organisation_id WHERE ol.record_id = r.id), '[]'::json),
  'publications', COALESCE((SELECT json_agg(json_build_object('id', p.id, 'title', p.title, 'doi', p.doi, 'url', p.url, 'year', p.year) ORDER BY p.id)
    FROM record_publications rp JOIN publications p ON p.id = rp.publication_id WHERE rp.record_id = r.id), '[]'::json),
  'legacy_ids', r.legacy_ids,
  'created_at', to_char(r.created_at AT TIME ZONE 'UTC', ${ISO_TIMESTAMP}),
  'updated_at', to_char(r.updated_at AT TIME ZONE 'UTC', ${ISO_TIMESTAMP})
) AS attributes`;

type AttributesRow = { id: number; attributes: Omit<RecordAttributes, 'url'> };

function withUrl(row: AttributesRow, publicUrl: string): RecordWithAttributes {
  return { id: row.id, attributes: { ...row.attributes, url: `${publicUrl}/${row.id}` } };
}

function attributesQuery(db: Database, viewer: Viewer) {
  return db('records as r')
    .join('registries as reg', 'reg.id', 'r.registry_id')
    .leftJoin('record_types as rt', 'rt.id', 'r.record_type_id')
    .select('r.id', db.raw(ATTRIBUTES_SQL))
    .modify(visibleRecordsOnly(viewer, 'r'));
}

/** The records of these ids the viewer may see, in the order of `ids`. */
export async function findRecordsAttributes(db: Database, ids: readonly number[], viewer: Viewer, publicUrl: string): Promise<RecordWithAttributes[]> {
  if (ids.length === 0) return [];
  const rows: AttributesRow[] = await attributesQuery(db, viewer).whereIn('r.id', ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [withUrl(row, publicUrl)] : [];
  });
}
