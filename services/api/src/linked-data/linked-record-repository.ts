/**
 * The SQL of the linked-data views: what the DCAT/DCT/FOAF description of a public record needs,
 * one batch per query with every list aggregated in SQL, in id order (the catalogue streams
 * batch by batch). Vocabulary terms carry their ontology IRIs; organisations their ROR id.
 * Beside it, the facts of the metadata formats, which OAI-PMH reads from here too.
 */
import type { Database } from '@registry/platform';
import { idOrderedBatches, type PublicRecordExport } from '../export/public-records-repository.ts';
import { approvedLicencesSql, maintainersSql, termListSql, utcTimestampSql, type PublicRecordFacts } from '../export/public-record-columns.ts';
import { publicRecordsQuery } from '../export/public-records-repository.ts';
import type { DataciteRecordSource } from './datacite-xml.ts';

export interface LinkedTerm {
  label: string;
  /** The term's ontology IRI (SRAO, DRAO, NCBI Taxonomy, …); null when the vocabulary has none. */
  iri: string | null;
}

/** The dump's facts of a record (dates to the second), with what the RDF views add. */
export interface LinkedRecord extends PublicRecordFacts, Pick<PublicRecordExport, 'createdAt' | 'updatedAt'> {
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

const LINKED_COLUMNS_SQL = `
  ${utcTimestampSql('r.created_at', 'seconds')} AS "createdAt", ${utcTimestampSql('r.updated_at', 'seconds')} AS "updatedAt",
  ${utcTimestampSql(`coalesce(r.updated_at, (SELECT max(c.changed_at) FROM public_changes c WHERE c.record_id = r.id), r.created_at, now())`, 'seconds')} AS "describedAt",
  ${termListSql('record_subjects', 'subject_id', 'subjects', ['label', 'iri'])} AS subjects,
  ${termListSql('record_domains', 'domain_id', 'domains', ['label', 'iri'])} AS domains,
  ${termListSql('record_taxonomies', 'taxonomy_id', 'taxonomies', ['label', 'iri'])} AS taxonomies,
  COALESCE((SELECT json_agg(t.label ORDER BY t.label) FROM record_user_defined_tags j
    JOIN user_defined_tags t ON t.id = j.user_defined_tag_id WHERE j.record_id = r.id AND t.is_approved), '[]'::json) AS tags,
  ${approvedLicencesSql(['id', 'name', 'url'])} AS licences,
  ${maintainersSql(`jsonb_build_object('id', o.id, 'name', o.name, 'homepage', o.homepage, 'ror', o.ror_link)`)} AS maintainers`;

/** The public record with this id, or null. */
export async function readLinkedRecord(db: Database, id: number): Promise<LinkedRecord | null> {
  const row: LinkedRecord | undefined = await publicRecordsQuery(db, LINKED_COLUMNS_SQL).where('r.id', id).first();
  return row ?? null;
}

/** Batches of public records in id order. */
export function readLinkedRecordBatches(db: Database, batchSize = 500): AsyncGenerator<LinkedRecord[]> {
  return idOrderedBatches<LinkedRecord>((afterId, limit) => publicRecordsQuery(db, LINKED_COLUMNS_SQL).where('r.id', '>', afterId).orderBy('r.id').limit(limit), batchSize);
}

/**
 * What the metadata formats show of a public record: DataCite XML (here and in OAI-PMH's
 * `oai_datacite`) and OAI-PMH's `oai_dc`, which adds the homepage and the dates.
 */
export type RecordMetadataFacts = Omit<DataciteRecordSource, 'publicationYear'> & {
  homepage: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  yearCreation: string | null;
};

const METADATA_FACTS_SQL = `
  r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.metadata->>'year_creation' AS "yearCreation",
  ${termListSql('record_subjects', 'subject_id', 'subjects', ['label', 'iri'])} AS subjects,
  ${termListSql('record_domains', 'domain_id', 'domains', ['label', 'iri'])} AS domains,
  ${approvedLicencesSql(['name', 'url'])} AS licences,
  ${maintainersSql('o.name')} AS maintainers,
  COALESCE((SELECT json_agg(json_build_object('relation', t.name, 'id', linked.id, 'doi', linked.doi) ORDER BY linked.id, t.name)
    FROM record_associations a
    JOIN records linked ON linked.id = a.linked_record_id AND linked.is_approved AND NOT linked.is_hidden
    JOIN relation_types t ON t.id = a.relation_type_id
    WHERE a.record_id = r.id), '[]'::json) AS relations`;

/** What the metadata formats show of the given records, for those an anonymous visitor may see. */
export async function publicRecordFacts(db: Database, ids: readonly number[]): Promise<Map<number, RecordMetadataFacts>> {
  if (ids.length === 0) return new Map();
  const rows: RecordMetadataFacts[] = await publicRecordsQuery(db, METADATA_FACTS_SQL).whereIn('r.id', ids);
  return new Map(rows.map((row) => [Number(row.id), row]));
}
