/**
 * Vocabulary terms for the text being typed: those whose label, or one of whose synonyms, has
 * a word starting with it. Each process keeps the terms in memory under the terms' revision
 * (`term_revision`, which Postgres raises on every change to the term tables; the tag lists keep
 * their answers under it too), so a keystroke costs one one-row read, and a term added, renamed or
 * removed through any process is suggested by every process from its next keystroke. The public
 * record counts follow the records, which the revision does not: the terms are also re-read when
 * older than TERMS_MAX_AGE_MS (counts a minute behind do no harm).
 */
import type { Database } from '@registry/platform';
import { termRevision } from '../vocabularies/vocabulary-repository.ts';
import { loadSuggestibleTerms, type SuggestibleTerm } from './term-suggestions-repository.ts';

export const TERMS_MAX_AGE_MS = 60_000;

export interface TermSuggestion extends Omit<SuggestibleTerm, 'synonyms'> {
  /** The synonym that matched, when the label did not. */
  synonym: string | null;
}

function hasWordStarting(text: string, start: string): boolean {
  const lower = text.toLowerCase();
  return lower.startsWith(start) || lower.includes(` ${start}`);
}

/** The matching terms: labels starting with the text first, then by public records, then by label. */
export function matchTerms(terms: readonly SuggestibleTerm[], typed: string, size: number): TermSuggestion[] {
  const text = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!text) return [];
  const matches: { suggestion: TermSuggestion; labelStarts: boolean }[] = [];
  for (const { synonyms, ...term } of terms) {
    if (hasWordStarting(term.label, text)) matches.push({ suggestion: { ...term, synonym: null }, labelStarts: term.label.toLowerCase().startsWith(text) });
    else {
      const synonym = synonyms.find((candidate) => hasWordStarting(candidate, text));
      if (synonym !== undefined) matches.push({ suggestion: { ...term, synonym }, labelStarts: false });
    }
  }
  return matches
    .sort(
      (a, b) =>
        Number(b.labelStarts) - Number(a.labelStarts) ||
        b.suggestion.recordCount - a.suggestion.recordCount ||
        a.suggestion.label.localeCompare(b.suggestion.label),
    )
    .slice(0, size)
    .map((match) => match.suggestion);
}

/**
 * The terms of one database, re-read when the terms' revision moved or when older than
 * TERMS_MAX_AGE_MS; one read per revision at a time.
 */
export function termSuggester(db: Database, now: () => number = Date.now): (typed: string, size: number) => Promise<TermSuggestion[]> {
  let cached: { terms: SuggestibleTerm[]; revision: string; at: number } | null = null;
  let loading: { revision: string; terms: Promise<SuggestibleTerm[]> } | null = null;
  const terms = async (): Promise<SuggestibleTerm[]> => {
    // Read before the terms: a change committed meanwhile leaves the list under the older revision, read again next time.
    const revision = await termRevision(db);
    if (cached && cached.revision === revision && now() - cached.at < TERMS_MAX_AGE_MS) return cached.terms;
    if (loading?.revision !== revision) {
      const load = loadSuggestibleTerms(db)
        .then((loaded) => {
          cached = { terms: loaded, revision, at: now() };
          return loaded;
        })
        .finally(() => {
          if (loading?.terms === load) loading = null;
        });
      loading = { revision, terms: load };
    }
    return loading.terms;
  };
  return async (typed, size) => matchTerms(await terms(), typed, size);
}
