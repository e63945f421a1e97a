/**
 * Suggestions while typing: records whose name or abbreviation starts with the text (from the
 * search index, under the viewer's visibility) and vocabulary terms with a word starting with it
 * (term-suggestions.ts: the public vocabulary, kept in memory under the terms' revision).
 */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { suggestRecords, type RecordSuggestion } from '../search/suggest-records.ts';
import type { SearchDependencies } from '../search/search-execution.ts';
import { termSuggester, type TermSuggestion } from './term-suggestions.ts';

export const DEFAULT_SUGGESTIONS = 6;
export const MAX_SUGGESTIONS = 20;
/** Longest text suggested for: names are shorter, and longer text is a search, not a name being typed. */
export const MAX_SUGGESTION_TEXT = 200;

export interface Suggestions {
  records: RecordSuggestion[];
  terms: TermSuggestion[];
}

export interface SuggestionDependencies {
  search: SearchDependencies;
  db: Database;
}

const suggesters = new WeakMap<Database, ReturnType<typeof termSuggester>>();

function suggestTerms(db: Database, text: string, size: number): Promise<TermSuggestion[]> {
  let suggester = suggesters.get(db);
  if (!suggester) {
    suggester = termSuggester(db);
    suggesters.set(db, suggester);
  }
  return suggester(text, size);
}

/** Up to `size` records and `size` terms; `size` is clamped to 1..MAX_SUGGESTIONS. */
export async function searchSuggestions(deps: SuggestionDependencies, q: string, viewer: Viewer, size = DEFAULT_SUGGESTIONS): Promise<Suggestions> {
  const count = Math.min(Math.max(Math.trunc(size), 1), MAX_SUGGESTIONS);
  const text = q.slice(0, MAX_SUGGESTION_TEXT);
  const [records, terms] = await Promise.all([suggestRecords(deps.search, text, viewer, count), suggestTerms(deps.db, text, count)]);
  return { records, terms };
}
