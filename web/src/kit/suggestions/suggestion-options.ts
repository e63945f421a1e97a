/**
 * The options a search box suggests, from a `/search_suggestions` answer: records first (→ the
 * record page), then vocabulary terms (→ the search filtered by that term). Pure.
 */
import type { RestAnswer } from '../../api/client.ts';
import { REGISTRY_LABELS } from '@registry/schemas/search/facets.ts';
import { searchStateToUrl, withFilter, DEFAULT_SEARCH_STATE } from '@registry/schemas/search/client/search-state.ts';

/** The answer of GET /search_suggestions (its route's response schema, through the generated types). */
export type SuggestionsAnswer = RestAnswer<'/search_suggestions', 'get'>;

export interface SuggestionOption {
  /** Unique within the list, usable in an element id. */
  key: string;
  group: 'Records' | 'Terms';
  label: string;
  /** Abbreviation of a record, or "via <synonym>" of a term. */
  detail: string | null;
  /** Registry of a record, kind of a term (Subject, Domain, Species, Tag). */
  badge: string;
  href: string;
}

/** Shortest text worth asking about: one letter suggests half the catalogue. */
export const MIN_SUGGESTION_TEXT = 2;
/** Milliseconds of no typing before asking. */
export const SUGGESTION_DEBOUNCE_MS = 150;

export function termSearchHref(argument: string, label: string): string {
  return `/search?${searchStateToUrl(withFilter(DEFAULT_SEARCH_STATE, argument, [label])).toString()}`;
}

export function suggestionOptions(answer: SuggestionsAnswer | null): SuggestionOption[] {
  if (!answer) return [];
  return [
    ...answer.records.map((record): SuggestionOption => ({
      key: `record-${record.id}`,
      group: 'Records',
      label: record.name,
      detail: record.abbreviation && record.abbreviation !== record.name ? record.abbreviation : null,
      badge: (REGISTRY_LABELS as Readonly<Record<string, string>>)[record.registry] ?? record.registry,
      href: `/${record.id}`,
    })),
    ...answer.terms.map((term): SuggestionOption => ({
      key: `term-${term.argument}-${term.id}`,
      group: 'Terms',
      label: term.label,
      detail: term.synonym ? `via “${term.synonym}”` : null,
      badge: `${term.kind} · ${term.recordCount}`,
      href: termSearchHref(term.argument, term.label),
    })),
  ];
}
