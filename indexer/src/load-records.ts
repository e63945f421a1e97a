/**
 * Reads a batch of records with everything their search documents embed, in a fixed number
 * of queries per batch (one per relation), never one query per record.
 */
import type { Database } from '@registry/platform';
import { isPublicRecord } from '@registry/schemas';
import type { IndexableOrganisationLink, IndexableRecord, IndexableTerm } from './indexable-record.ts';

/**
 * The columns of a record its search document needs, with its registry's and record type's names
 * joined in: a projection for indexing, not the records table's row (that is `RecordRow` in the
 * API's records/record-rows.ts).
 */
interface IndexedRecordRow {
  id: number;
  revision: number;
  doi: string | null;
  name: string;
  abbreviation: string | null;
  description: string;
  homepage: string | null;
  registry_name: string;
  record_type_name: string | null;
  status: string;
  is_recommended: boolean;
  is_approved: boolean;
  is_hidden: boolean;
  created_by_id: number | null;
  legacy_ids: string[];
  metadata: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
}

type Linked<T> = T & { record_id: number };

function groupByRecord<T>(rows: Linked<T>[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const { record_id, ...rest } of rows) {
    const list = grouped.get(record_id) ?? [];
    list.push(rest as T);
    grouped.set(record_id, list);
  }
  return grouped;
}

const VOCABULARIES = [
  { field: 'subjects', table: 'subjects', join: 'record_subjects', key: 'subject_id' },
  { field: 'domains', table: 'domains', join: 'record_domains', key: 'domain_id' },
  { field: 'taxonomies', table: 'taxonomies', join: 'record_taxonomies', key: 'taxonomy_id' },
  { field: 'objectTypes', table: 'object_types', join: 'record_object_types', key: 'object_type_id' },
] as const;

async function loadTerms(db: Database, ids: number[], vocabulary: (typeof VOCABULARIES)[number]): Promise<Map<number, IndexableTerm[]>> {
  const rows: Linked<IndexableTerm>[] = await db(`${vocabulary.join} as link`)
    .join(`${vocabulary.table} as term`, 'term.id', `link.${vocabulary.key}`)
    .whereIn('link.record_id', ids)
    .select('link.record_id', 'term.id', 'term.label', 'term.iri', 'term.definitions', 'term.synonyms')
    .orderBy([{ column: 'link.record_id' }, { column: 'term.id' }]);
  return groupByRecord(rows);
}

/** The vocabularies with a hierarchy: a record is about every broader term of its own terms too. */
const HIERARCHIES = [
  { table: 'subjects', join: 'record_subjects', key: 'subject_id', parents: 'subject_parents', child: 'subject_id' },
  { table: 'domains', join: 'record_domains', key: 'domain_id', parents: 'domain_parents', child: 'domain_id' },
] as const;

type BroaderTerm = IndexableRecord['broaderTerms'][number];

async function loadBroaderTerms(db: Database, ids: number[]): Promise<Map<number, BroaderTerm[]>> {
  const perHierarchy = await Promise.all(
    HIERARCHIES.map(async (hierarchy): Promise<Linked<BroaderTerm>[]> => {
      // UNION (not UNION ALL) keeps each (record, term) once, so a cycle in the parents ends.
      const result = await db.raw(
        `WITH RECURSIVE broader(record_id, term_id) AS (
           SELECT link.record_id, parent.parent_id
             FROM ?? AS link JOIN ?? AS parent ON parent.?? = link.??
            WHERE link.record_id = ANY(?)
           UNION
           SELECT broader.record_id, parent.parent_id
             FROM broader JOIN ?? AS parent ON parent.?? = broader.term_id
         )
         SELECT broader.record_id, term.label, term.synonyms
           FROM broader JOIN ?? AS term ON term.id = broader.term_id
          ORDER BY broader.record_id, term.id`,
        [hierarchy.join, hierarchy.parents, hierarchy.child, hierarchy.key, ids, hierarchy.parents, hierarchy.child, hierarchy.table],
      );
      return result.rows as Linked<BroaderTerm>[];
    }),
  );
  return groupByRecord(perHierarchy.flat());
}

/** A record association with its relation's name and both ends' names, registries and visibility joined in, read to count and facet relations. */
interface IndexedAssociationRow {
  record_id: number;
  linked_record_id: number;
  relation: string;
  source_hidden: boolean;
  source_approved: boolean;
  target_hidden: boolean;
  target_approved: boolean;
  source_name: string;
  source_registry: string;
  target_name: string;
  target_registry: string;
}

interface AssociationFacts {
  collectionIds: number[];
  implementedByCount: number;
  relatedIds: Set<number>;
  recommendedStandards: Map<number, string>;
  recommendedDatabases: Map<number, string>;
  implementedByDatabases: Map<number, string>;
}

function references(byId: Map<number, string> | undefined): { id: number; name: string }[] {
  return [...(byId ?? new Map<number, string>())].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name }));
}

async function loadAssociationFacts(db: Database, ids: number[]): Promise<Map<number, AssociationFacts>> {
  const rows: IndexedAssociationRow[] = await db('record_associations as association')
    .join('relation_types as relation', 'relation.id', 'association.relation_type_id')
    .join('records as source', 'source.id', 'association.record_id')
    .join('records as target', 'target.id', 'association.linked_record_id')
    .join('registries as source_registry', 'source_registry.id', 'source.registry_id')
    .join('registries as target_registry', 'target_registry.id', 'target.registry_id')
    .where((query) => query.whereIn('association.record_id', ids).orWhereIn('association.linked_record_id', ids))
    .select(
      'association.record_id', 'association.linked_record_id', 'relation.name as relation',
      'source.is_hidden as source_hidden', 'source.is_approved as source_approved',
      'target.is_hidden as target_hidden', 'target.is_approved as target_approved',
      'source.name as source_name', 'source_registry.name as source_registry',
      'target.name as target_name', 'target_registry.name as target_registry',
    )
    .orderBy('association.id');
  const wanted = new Set(ids);
  const facts = new Map<number, AssociationFacts>();
  const factsOf = (id: number): AssociationFacts => {
    let found = facts.get(id);
    if (!found) {
      found = {
        collectionIds: [], implementedByCount: 0, relatedIds: new Set(),
        recommendedStandards: new Map(), recommendedDatabases: new Map(), implementedByDatabases: new Map(),
      };
      facts.set(id, found);
    }
    return found;
  };
  // A relation to a record the public may not see must not show in public counts and facets.
  for (const row of rows) {
    const targetPublic = isPublicRecord({ isHidden: row.target_hidden, isApproved: row.target_approved });
    const sourcePublic = isPublicRecord({ isHidden: row.source_hidden, isApproved: row.source_approved });
    if (wanted.has(row.record_id) && targetPublic) {
      const source = factsOf(row.record_id);
      source.relatedIds.add(row.linked_record_id);
      const targetRegistry = row.target_registry.trim().toLowerCase();
      if (row.relation === 'recommends' && targetRegistry === 'standard') source.recommendedStandards.set(row.linked_record_id, row.target_name);
      if (row.relation === 'recommends' && targetRegistry === 'database') source.recommendedDatabases.set(row.linked_record_id, row.target_name);
    }
    if (wanted.has(row.linked_record_id) && sourcePublic) {
      const target = factsOf(row.linked_record_id);
      target.relatedIds.add(row.record_id);
      if (row.relation === 'collects' && !target.collectionIds.includes(row.record_id)) target.collectionIds.push(row.record_id);
      if (row.relation === 'implements') target.implementedByCount += 1;
      if (row.relation === 'implements' && row.source_registry.trim().toLowerCase() === 'database') {
        target.implementedByDatabases.set(row.record_id, row.source_name);
      }
    }
  }
  return facts;
}

export async function loadIndexableRecords(db: Database, ids: readonly number[]): Promise<IndexableRecord[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const records: IndexedRecordRow[] = await db('records as record')
    .join('registries as registry', 'registry.id', 'record.registry_id')
    .leftJoin('record_types as type', 'type.id', 'record.record_type_id')
    .whereIn('record.id', wanted)
    .select(
      'record.id', 'record.revision', 'record.doi', 'record.name', 'record.abbreviation', 'record.description',
      'record.homepage', 'registry.name as registry_name', 'type.name as record_type_name', 'record.status',
      'record.is_recommended', 'record.is_approved', 'record.is_hidden', 'record.created_by_id', 'record.legacy_ids', 'record.metadata',
      'record.created_at', 'record.updated_at',
    )
    .orderBy('record.id');
  if (records.length === 0) return [];
  const found = records.map((record) => record.id);

  const [subjects, domains, taxonomies, objectTypes] = await Promise.all(VOCABULARIES.map((vocabulary) => loadTerms(db, found, vocabulary)));
  const broaderTerms = await loadBroaderTerms(db, found);
  const [tags, countries, licences, organisationLinks, publications, maintainers, associations] = await Promise.all([
    db('record_user_defined_tags as link')
      .join('user_defined_tags as tag', 'tag.id', 'link.user_defined_tag_id')
      .whereIn('link.record_id', found)
      // A keyword proposed by a non-curator waits for a curator before it is a public facet value.
      .where('tag.is_approved', true)
      .select('link.record_id', 'tag.id', 'tag.label')
      .orderBy([{ column: 'link.record_id' }, { column: 'tag.id' }])
      .then((rows: Linked<{ id: number; label: string }>[]) => groupByRecord(rows)),
    db('record_countries as link')
      .join('countries as country', 'country.id', 'link.country_id')
      .whereIn('link.record_id', found)
      .select('link.record_id', 'country.id', 'country.code', 'country.name')
      .orderBy([{ column: 'link.record_id' }, { column: 'country.id' }])
      .then((rows: Linked<{ id: number; code: string; name: string }>[]) => groupByRecord(rows)),
    // A licence linked twice (different relations) is embedded once; one named inline by a
    // non-curator waits for a curator's approval before it becomes a public facet value.
    db('licence_links as link')
      .join('licences as licence', 'licence.id', 'link.licence_id')
      .whereIn('link.record_id', found)
      .where('licence.is_approved', true)
      .distinct('link.record_id', 'licence.id', 'licence.name', 'licence.url')
      .orderBy([{ column: 'link.record_id' }, { column: 'licence.id' }])
      .then((rows: Linked<{ id: number; name: string; url: string | null }>[]) => groupByRecord(rows)),
    db('organisation_links as link')
      .join('organisations as organisation', 'organisation.id', 'link.organisation_id')
      .leftJoin('grants as grant', 'grant.id', 'link.grant_id')
      .whereIn('link.record_id', found)
      .select(
        'link.record_id', 'organisation.id as organisationId', 'organisation.name as organisationName',
        'link.relation', 'link.is_lead as isLead', 'grant.id as grantId', 'grant.name as grantName',
      )
      .orderBy([{ column: 'link.record_id' }, { column: 'link.id' }])
      .then((rows: Linked<IndexableOrganisationLink>[]) => groupByRecord(rows)),
    db('record_publications as link')
      .join('publications as publication', 'publication.id', 'link.publication_id')
      .whereIn('link.record_id', found)
      .select('link.record_id', 'publication.id', 'publication.title', 'publication.url', 'publication.doi')
      .orderBy([{ column: 'link.record_id' }, { column: 'publication.id' }])
      .then((rows: Linked<{ id: number; title: string; url: string | null; doi: string | null }>[]) => groupByRecord(rows)),
    db('record_maintainers')
      .whereIn('record_id', found)
      .select('record_id', 'user_id as id')
      .orderBy([{ column: 'record_id' }, { column: 'user_id' }])
      .then((rows: Linked<{ id: number }>[]) => groupByRecord(rows)),
    loadAssociationFacts(db, found),
  ]);

  return records.map((record) => {
    const facts = associations.get(record.id);
    return {
      id: record.id,
      revision: record.revision,
      doi: record.doi,
      name: record.name,
      abbreviation: record.abbreviation,
      description: record.description,
      homepage: record.homepage,
      registryName: record.registry_name,
      recordTypeName: record.record_type_name,
      status: record.status,
      isRecommended: record.is_recommended,
      isApproved: record.is_approved,
      isHidden: record.is_hidden,
      ownerIds: ownerIds(record.created_by_id, maintainers.get(record.id) ?? []),
      legacyIds: record.legacy_ids ?? [],
      metadata: record.metadata ?? {},
      createdAt: record.created_at,
      updatedAt: record.updated_at,
      subjects: subjects.get(record.id) ?? [],
      domains: domains.get(record.id) ?? [],
      taxonomies: taxonomies.get(record.id) ?? [],
      objectTypes: objectTypes.get(record.id) ?? [],
      userDefinedTags: tags.get(record.id) ?? [],
      broaderTerms: broaderTerms.get(record.id) ?? [],
      countries: countries.get(record.id) ?? [],
      licences: licences.get(record.id) ?? [],
      organisationLinks: organisationLinks.get(record.id) ?? [],
      publications: publications.get(record.id) ?? [],
      collectionIds: facts?.collectionIds ?? [],
      maintainersCount: (maintainers.get(record.id) ?? []).length,
      implementedByCount: facts?.implementedByCount ?? 0,
      relatedRecordsCount: facts?.relatedIds.size ?? 0,
      recommendedStandards: references(facts?.recommendedStandards),
      recommendedDatabases: references(facts?.recommendedDatabases),
      implementedByDatabases: references(facts?.implementedByDatabases),
    };
  });
}

function ownerIds(creatorId: number | null, maintainers: { id: number }[]): number[] {
  const ids = new Set(maintainers.map((maintainer) => maintainer.id));
  if (creatorId !== null) ids.add(creatorId);
  return [...ids].sort((a, b) => a - b);
}
