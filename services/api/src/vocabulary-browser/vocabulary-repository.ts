/** The SQL of the browsable vocabularies: terms, parent links and public annotations of each. */
import type { Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import type { VocabularyTermRow } from './vocabulary-tree.ts';

interface VocabularyTables {
  terms: string;
  /** Parent links (absent for flat vocabularies): table and the column naming the narrower term. */
  parents?: { table: string; column: string };
  annotations: { table: string; column: string };
  /** Terms of another ontology the vocabulary imports as its upper levels (DRAO sits under BFO). */
  upperLevelPrefix?: string;
}

/** By the id of /browse/{id} (the public client's names). */
export const VOCABULARY_TABLES = {
  subject: { terms: 'subjects', parents: { table: 'subject_parents', column: 'subject_id' }, annotations: { table: 'record_subjects', column: 'subject_id' } },
  domain: {
    terms: 'domains',
    parents: { table: 'domain_parents', column: 'domain_id' },
    annotations: { table: 'record_domains', column: 'domain_id' },
    upperLevelPrefix: 'BFO:',
  },
  taxonomy: { terms: 'taxonomies', annotations: { table: 'record_taxonomies', column: 'taxonomy_id' } },
  userdefinedtag: { terms: 'user_defined_tags', annotations: { table: 'record_user_defined_tags', column: 'user_defined_tag_id' } },
} as const satisfies Record<string, VocabularyTables>;

export type BrowsableVocabulary = keyof typeof VOCABULARY_TABLES;

export interface VocabularyRows {
  terms: VocabularyTermRow[];
  parentLinks: { term_id: number; parent_id: number }[];
  annotations: { term_id: number; record_id: number }[];
}

export async function loadVocabulary(db: Database, vocabulary: BrowsableVocabulary): Promise<VocabularyRows> {
  const tables: VocabularyTables = VOCABULARY_TABLES[vocabulary];
  const hasOntologyColumns = tables.terms !== 'user_defined_tags';
  const termQuery = db(tables.terms).select(
    'id',
    'label',
    hasOntologyColumns ? 'definitions' : db.raw(`'{}'::text[] AS definitions`),
    hasOntologyColumns ? 'synonyms' : db.raw(`'{}'::text[] AS synonyms`),
    hasOntologyColumns ? 'iri' : db.raw('NULL::text AS iri'),
  );
  if (tables.upperLevelPrefix) termQuery.where((query) => query.whereNull('ontology_id').orWhereNot('ontology_id', 'like', `${tables.upperLevelPrefix}%`));
  const [terms, parentLinks, annotations] = await Promise.all([
    termQuery,
    tables.parents ? db(tables.parents.table).select(db.raw('?? AS term_id', [tables.parents.column]), 'parent_id') : Promise.resolve([]),
    db(`${tables.annotations.table} as a`)
      .join('records', 'records.id', 'a.record_id')
      .modify(visibleRecordsOnly(ANONYMOUS_VIEWER))
      .select(db.raw('?? AS term_id', [`a.${tables.annotations.column}`]), 'a.record_id'),
  ]);
  return { terms, parentLinks, annotations };
}
