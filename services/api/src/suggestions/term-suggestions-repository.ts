/**
 * Vocabulary terms to suggest while typing, from Postgres (the vocabularies are reference data):
 * subjects, domains, species and tags whose label, or one of whose synonyms, has a word starting
 * with the typed text, and that annotate at least one record the viewer may see.
 */
import type { Database } from '@registry/platform';
import { visibleRecordsOnly, type Viewer } from '@registry/schemas';

/** The search argument each vocabulary filters by (the facet registry's argument names). */
export const SUGGESTED_VOCABULARIES = [
  { argument: 'subjects', kind: 'Subject', table: 'subjects', link: 'record_subjects', key: 'subject_id', synonyms: true },
  { argument: 'domains', kind: 'Domain', table: 'domains', link: 'record_domains', key: 'domain_id', synonyms: true },
  { argument: 'taxonomies', kind: 'Species', table: 'taxonomies', link: 'record_taxonomies', key: 'taxonomy_id', synonyms: true },
  { argument: 'userDefinedTags', kind: 'Tag', table: 'user_defined_tags', link: 'record_user_defined_tags', key: 'user_defined_tag_id', synonyms: false },
] as const;

export interface TermSuggestion {
  /** The search argument that filters by this term: subjects, domains, taxonomies or userDefinedTags. */
  argument: (typeof SUGGESTED_VOCABULARIES)[number]['argument'];
  /** Subject, Domain, Species or Tag. */
  kind: (typeof SUGGESTED_VOCABULARIES)[number]['kind'];
  id: number;
  label: string;
  /** The synonym that matched, when the label did not. */
  synonym: string | null;
  /** Records annotated with the term that the viewer may see. */
  recordCount: number;
}

interface TermRow {
  id: number;
  label: string;
  synonym: string | null;
  label_starts: boolean;
  label_matches: boolean;
  record_count: string | number;
}

function likePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function findTermSuggestions(db: Database, typed: string, viewer: Viewer, size: number): Promise<TermSuggestion[]> {
  const text = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!text) return [];
  const starts = `${likePattern(text)}%`;
  const wordStarts = `% ${likePattern(text)}%`;
  const perVocabulary = await Promise.all(
    SUGGESTED_VOCABULARIES.map(async (vocabulary) => {
      const synonymMatches = 'FROM unnest(term.synonyms) AS synonym WHERE lower(synonym) LIKE ? OR lower(synonym) LIKE ?';
      const synonym = vocabulary.synonyms
        ? db.raw(`(SELECT synonym ${synonymMatches} LIMIT 1) AS synonym`, [starts, wordStarts])
        : db.raw('NULL::text AS synonym');
      const rows: TermRow[] = await db(`${vocabulary.table} as term`)
        .join(`${vocabulary.link} as link`, `link.${vocabulary.key}`, 'term.id')
        .join('records as record', 'record.id', 'link.record_id')
        .modify(visibleRecordsOnly(viewer, 'record'))
        .where((match) => {
          match.whereRaw('lower(term.label) LIKE ? OR lower(term.label) LIKE ?', [starts, wordStarts]);
          if (vocabulary.synonyms) match.orWhereRaw(`EXISTS (SELECT 1 ${synonymMatches})`, [starts, wordStarts]);
        })
        .groupBy('term.id', 'term.label')
        .select('term.id', 'term.label', synonym, db.raw('lower(term.label) LIKE ? AS label_starts', [starts]))
        .select(db.raw('(lower(term.label) LIKE ? OR lower(term.label) LIKE ?) AS label_matches', [starts, wordStarts]))
        .select(db.raw('count(DISTINCT record.id) AS record_count'))
        .orderBy([{ column: 'label_starts', order: 'desc' }, { column: 'record_count', order: 'desc' }, { column: 'term.label' }])
        .limit(size);
      return rows.map((row) => ({ vocabulary, row }));
    }),
  );
  return perVocabulary
    .flat()
    .sort((a, b) => Number(b.row.label_starts) - Number(a.row.label_starts) || Number(b.row.record_count) - Number(a.row.record_count) || a.row.label.localeCompare(b.row.label))
    .slice(0, size)
    .map(({ vocabulary, row }) => ({
      argument: vocabulary.argument,
      kind: vocabulary.kind,
      id: row.id,
      label: row.label,
      synonym: row.label_matches ? null : row.synonym,
      recordCount: Number(row.record_count),
    }));
}
