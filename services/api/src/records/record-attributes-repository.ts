/**
 * The attributes of records as the REST reads give them (FAIRsharing's JSON:API names), read
 * from Postgres in one statement for a whole page: every list is aggregated in SQL, so a page
 * of 500 records costs one round trip. Only records the viewer may see come back (the access
 * module's rule, as a knex modifier), with the attributes its field table lets the viewer read.
 */
import type { Database } from '@registry/platform';
import { redactFields, visibleRecordsOnly, type AccessResource, type Viewer } from '@registry/schemas';
import { fairsharingMetadata } from './fairsharing-metadata.ts';

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
  /** Name, abbreviation, homepage, description and status (as FAIRsharing's API answers them), contacts (with contact_orcid), support links, citations, ... as curated. */
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
  created_at: string | null;
  updated_at: string | null;
}

export interface RecordWithAttributes {
  id: number;
  attributes: RecordAttributes;
}

/**
 * One list attribute: its rows for the whole page in one grouped query (a hash join over the
 * page's ids), not one correlated subquery per record, which cost five times more per page.
 */
interface ListAttribute {
  name: string;
  /** FROM and JOIN clauses; the join table is `j`. */
  from: string;
  item: string;
  order: string;
}

function termList(name: string, joinTable: string, joinColumn: string, termTable: string): ListAttribute {
  return { name, from: `${joinTable} j JOIN ${termTable} t ON t.id = j.${joinColumn}`, item: `json_build_object('id', t.id, 'label', t.label, 'iri', t.iri)`, order: 't.label, t.id' };
}

const LIST_ATTRIBUTES: readonly ListAttribute[] = [
  termList('subjects', 'record_subjects', 'subject_id', 'subjects'),
  termList('domains', 'record_domains', 'domain_id', 'domains'),
  termList('taxonomies', 'record_taxonomies', 'taxonomy_id', 'taxonomies'),
  termList('object_types', 'record_object_types', 'object_type_id', 'object_types'),
  { name: 'user_defined_tags', from: 'record_user_defined_tags j JOIN user_defined_tags t ON t.id = j.user_defined_tag_id', item: `json_build_object('id', t.id, 'label', t.label)`, order: 't.label, t.id' },
  { name: 'countries', from: 'record_countries j JOIN countries c ON c.id = j.country_id', item: `json_build_object('id', c.id, 'name', c.name, 'code', c.code)`, order: 'c.name, c.id' },
  { name: 'licences', from: 'licence_links j JOIN licences l ON l.id = j.licence_id', item: `json_build_object('id', l.id, 'name', l.name, 'url', l.url, 'relation', j.relation)`, order: 'l.name, j.id' },
  { name: 'organisations', from: 'organisation_links j JOIN organisations o ON o.id = j.organisation_id', item: `json_build_object('id', o.id, 'name', o.name, 'relation', j.relation, 'is_lead', j.is_lead)`, order: 'o.name, j.id' },
  { name: 'publications', from: 'record_publications j JOIN publications p ON p.id = j.publication_id', item: `json_build_object('id', p.id, 'title', p.title, 'doi', p.doi, 'url', p.url, 'year', p.year)`, order: 'p.id' },
];

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
  'is_maintained', maintained.record_id IS NOT NULL,
  'metadata', r.metadata,
  ${LIST_ATTRIBUTES.map((list) => `'${list.name}', COALESCE(${list.name}_of.items, '[]'::json)`).join(',\n  ')},
  'legacy_ids', r.legacy_ids,
  'created_at', to_char(r.created_at AT TIME ZONE 'UTC', ${ISO_TIMESTAMP}),
  'updated_at', to_char(r.updated_at AT TIME ZONE 'UTC', ${ISO_TIMESTAMP})
) AS attributes`;

type AttributesRow = {
  id: number;
  attributes: Omit<RecordAttributes, 'url'>;
  is_hidden: boolean;
  is_approved: boolean;
  created_by_id: number | null;
  maintainer_ids: number[];
};

/** What the field table's rules need to know about the record (legacy logs: signed-in readers). */
function accessResourceOf(row: AttributesRow): AccessResource {
  const ownerIds = row.created_by_id === null ? row.maintainer_ids : [...row.maintainer_ids, row.created_by_id];
  return { record: { isHidden: row.is_hidden, isApproved: row.is_approved, ownerIds, maintainerIds: row.maintainer_ids, createdById: row.created_by_id } };
}

/** The attributes the viewer may read, by the access module's field table, with the page URL. */
function readableAttributes(row: AttributesRow, viewer: Viewer, publicUrl: string): RecordWithAttributes {
  const attributes = redactFields(viewer, 'FairsharingRecord', accessResourceOf(row), {
    ...row.attributes,
    // FAIRsharing's editor reads name, homepage, status … from metadata as well as from their own attributes.
    metadata: fairsharingMetadata(row.attributes),
    url: `${publicUrl}/${row.id}`,
  });
  return { id: row.id, attributes };
}

function attributesQuery(db: Database, ids: readonly number[], viewer: Viewer) {
  // One array literal (knex would spread a JS array into one placeholder per id).
  const page = [`{${ids.map((id) => Math.trunc(id)).join(',')}}`];
  const query = db('records as r')
    .with('maintained', db.raw('SELECT DISTINCT record_id FROM record_maintainers WHERE record_id = ANY(?::int[])', page))
    .join('registries as reg', 'reg.id', 'r.registry_id')
    .leftJoin('record_types as rt', 'rt.id', 'r.record_type_id')
    .leftJoin('maintained', 'maintained.record_id', 'r.id');
  for (const list of LIST_ATTRIBUTES) {
    const name = `${list.name}_of`;
    query
      .with(name, db.raw(`SELECT j.record_id, json_agg(${list.item} ORDER BY ${list.order}) AS items FROM ${list.from} WHERE j.record_id = ANY(?::int[]) GROUP BY j.record_id`, page))
      .leftJoin(name, `${name}.record_id`, 'r.id');
  }
  const owners = ['r.is_hidden', 'r.is_approved', 'r.created_by_id', db.raw('ARRAY(SELECT m.user_id FROM record_maintainers m WHERE m.record_id = r.id) AS maintainer_ids')];
  return query.select('r.id', db.raw(ATTRIBUTES_SQL), ...owners).whereRaw('r.id = ANY(?::int[])', page).modify(visibleRecordsOnly(viewer, 'r'));
}

/** The records of these ids the viewer may see, in the order of `ids`. */
export async function findRecordsAttributes(db: Database, ids: readonly number[], viewer: Viewer, publicUrl: string): Promise<RecordWithAttributes[]> {
  if (ids.length === 0) return [];
  const rows: AttributesRow[] = await attributesQuery(db, ids, viewer);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [readableAttributes(row, viewer, publicUrl)] : [];
  });
}
