/**
 * Vocabulary terms for the text being typed: those whose label, or one of whose synonyms, has
 * a word starting with it. The terms are read from Postgres at most every TERMS_MAX_AGE_MS (a
 * suggestion list a minute behind a curator's edit does no harm) and matched in memory, so a
 * keystroke costs no database query.
 */
import type { Database } from '@registry/platform';
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

/** The terms of one database, re-read when older than TERMS_MAX_AGE_MS; one read at a time. */
export function termSuggester(db: Database, now: () => number = Date.now): (typed: string, size: number) => Promise<TermSuggestion[]> {
  let cached: { terms: SuggestibleTerm[]; at: number } | null = null;
  let loading: Promise<SuggestibleTerm[]> | null = null;
  const terms = async (): Promise<SuggestibleTerm[]> => {
    if (cached && now() - cached.at < TERMS_MAX_AGE_MS) return cached.terms;
    loading ??= loadSuggestibleTerms(db)
      .then((loaded) => {
        cached = { terms: loaded, at: now() };
        return loaded;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return async (typed, size) => matchTerms(await terms(), typed, size);
}
