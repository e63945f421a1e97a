/**
 * The vocabulary terms a search box may suggest, from Postgres (the vocabularies are reference
 * data): subjects, domains, species and tags that annotate at least one public record, with
 * their labels, synonyms and public record counts. One query per vocabulary, read as a whole:
 * the four vocabularies hold under two thousand terms.
 */
import type { Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';

/** The search argument each vocabulary filters by (the facet registry's argument names). */
export const SUGGESTED_VOCABULARIES = [
  { argument: 'subjects', kind: 'Subject', table: 'subjects', link: 'record_subjects', key: 'subject_id', synonyms: true },
  { argument: 'domains', kind: 'Domain', table: 'domains', link: 'record_domains', key: 'domain_id', synonyms: true },
  { argument: 'taxonomies', kind: 'Species', table: 'taxonomies', link: 'record_taxonomies', key: 'taxonomy_id', synonyms: true },
  // Only approved tags: one proposed in the editor waits for a curator.
  { argument: 'userDefinedTags', kind: 'Tag', table: 'user_defined_tags', link: 'record_user_defined_tags', key: 'user_defined_tag_id', synonyms: false, approvedOnly: true },
] as const;

type Vocabulary = (typeof SUGGESTED_VOCABULARIES)[number];

export interface SuggestibleTerm {
  /** The search argument that filters by this term: subjects, domains, taxonomies or userDefinedTags. */
  argument: Vocabulary['argument'];
  /** Subject, Domain, Species or Tag. */
  kind: Vocabulary['kind'];
  id: number;
  label: string;
  synonyms: string[];
  /** Public records annotated with the term. */
  recordCount: number;
}

interface TermRow {
  id: number;
  label: string;
  synonyms: string[] | null;
  record_count: string | number;
}

export async function loadSuggestibleTerms(db: Database): Promise<SuggestibleTerm[]> {
  const perVocabulary = await Promise.all(
    SUGGESTED_VOCABULARIES.map(async (vocabulary) => {
      const rows: TermRow[] = await db(`${vocabulary.table} as term`)
        .join(`${vocabulary.link} as link`, `link.${vocabulary.key}`, 'term.id')
        .join('records as record', 'record.id', 'link.record_id')
        // Counts and presence are the public ones, the same for every viewer.
        .modify(visibleRecordsOnly(ANONYMOUS_VIEWER, 'record'))
        .modify((query) => {
          if ('approvedOnly' in vocabulary) query.where('term.is_approved', true);
        })
        .groupBy('term.id', 'term.label')
        .select('term.id', 'term.label', vocabulary.synonyms ? 'term.synonyms' : db.raw('NULL AS synonyms'))
        .select(db.raw('count(DISTINCT record.id) AS record_count'));
      return rows.map(
        (row): SuggestibleTerm => ({
          argument: vocabulary.argument,
          kind: vocabulary.kind,
          id: row.id,
          label: row.label,
          synonyms: row.synonyms ?? [],
          recordCount: Number(row.record_count),
        }),
      );
    }),
  );
  return perVocabulary.flat();
}
