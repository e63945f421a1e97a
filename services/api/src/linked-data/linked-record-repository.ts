/**
 * The SQL of the linked-data views: what the DCAT/DCT/FOAF description of a public record needs,
 * one batch per query with every list aggregated in SQL, in id order (the catalogue streams
 * batch by batch). Vocabulary terms carry their ontology IRIs; organisations their ROR id.
 */
import type { Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import { idOrderedBatches, type PublicRecordExport } from '../export/public-records-repository.ts';

export interface LinkedTerm {
  label: string;
  /** The term's ontology IRI (SRAO, DRAO, NCBI Taxonomy, …); null when the vocabulary has none. */
  iri: string | null;
}

/** The dump's facts of a record (dates to the second), with what the RDF views add. */
export interface LinkedRecord extends Pick<PublicRecordExport, 'id' | 'doi' | 'name' | 'abbreviation' | 'description' | 'homepage' | 'registry' | 'recordType' | 'createdAt' | 'updatedAt'> {
  /** When the record last changed in public in this registry (its catalogue record). */
  describedAt: string;
  subjects: LinkedTerm[];
  domains: LinkedTerm[];
  taxonomies: LinkedTerm[];
  tags: string[];
  licences: { id: number; name: string; url: string | null }[];
  /** Organisations that maintain the record. */
  maintainers: { id: number; name: string; homepage: string | null; ror: string | null }[];
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const TERMS = (joinTable: string, joinColumn: string, termTable: string) => `
  COALESCE((SELECT json_agg(json_build_object('label', t.label, 'iri', t.iri) ORDER BY t.label, t.id)
    FROM ${joinTable} j JOIN ${termTable} t ON t.id = j.${joinColumn} WHERE j.record_id = r.id), '[]'::json)`;

const LINKED_COLUMNS_SQL = `
  r.id, r.doi, r.name, r.abbreviation, r.description, r.homepage,
  lower(reg.name) AS registry, rt.name AS "recordType",
  ${ISO('r.created_at')} AS "createdAt", ${ISO('r.updated_at')} AS "updatedAt",
  ${ISO(`coalesce(r.updated_at, (SELECT max(c.changed_at) FROM public_changes c WHERE c.record_id = r.id), r.created_at, now())`)} AS "describedAt",
  ${TERMS('record_subjects', 'subject_id', 'subjects')} AS subjects,
  ${TERMS('record_domains', 'domain_id', 'domains')} AS domains,
  ${TERMS('record_taxonomies', 'taxonomy_id', 'taxonomies')} AS taxonomies,
  COALESCE((SELECT json_agg(t.label ORDER BY t.label) FROM record_user_defined_tags j
    JOIN user_defined_tags t ON t.id = j.user_defined_tag_id WHERE j.record_id = r.id), '[]'::json) AS tags,
  COALESCE((SELECT json_agg(DISTINCT jsonb_build_object('id', l.id, 'name', l.name, 'url', l.url))
    FROM licence_links ll JOIN licences l ON l.id = ll.licence_id WHERE ll.record_id = r.id AND l.is_approved), '[]'::json) AS licences,
  COALESCE((SELECT json_agg(DISTINCT jsonb_build_object('id', o.id, 'name', o.name, 'homepage', o.homepage, 'ror', o.ror_link))
    FROM organisation_links ol JOIN organisations o ON o.id = ol.organisation_id
    WHERE ol.record_id = r.id AND ol.relation = 'maintains'), '[]'::json) AS maintainers`;

function linkedRecordsQuery(db: Database) {
  return db('records as r')
    .join('registries as reg', 'reg.id', 'r.registry_id')
    .leftJoin('record_types as rt', 'rt.id', 'r.record_type_id')
    .select(db.raw(LINKED_COLUMNS_SQL))
    .modify(visibleRecordsOnly(ANONYMOUS_VIEWER, 'r'));
}

/** The public record with this id, or null. */
export async function readLinkedRecord(db: Database, id: number): Promise<LinkedRecord | null> {
  const row: LinkedRecord | undefined = await linkedRecordsQuery(db).where('r.id', id).first();
  return row ?? null;
}

/** Batches of public records in id order. */
export function readLinkedRecordBatches(db: Database, batchSize = 500): AsyncGenerator<LinkedRecord[]> {
  return idOrderedBatches<LinkedRecord>((afterId, limit) => linkedRecordsQuery(db).where('r.id', '>', afterId).orderBy('r.id').limit(limit), batchSize);
}
