/**
 * Suggestions for the text of a search box: asked SUGGESTION_DEBOUNCE_MS after the last key
 * through useLoad, so a slow answer for "gen" never replaces the one for "genom". While the next
 * answer loads the last one stays; a failure shows none (the search itself still works).
 */
import { rest } from '../../api/client.ts';
import { latestData, useLoad } from '../useLoad.ts';
import { MIN_SUGGESTION_TEXT, SUGGESTION_DEBOUNCE_MS, type SuggestionsAnswer } from './suggestion-options.ts';

export function useSuggestions(text: string, enabled: boolean): SuggestionsAnswer | null {
  const wanted = text.trim();
  const result = useLoad<SuggestionsAnswer>(
    enabled && wanted.length >= MIN_SUGGESTION_TEXT
      ? {
          key: wanted,
          load: (signal) => rest('get', '/search_suggestions', { query: { q: wanted }, signal }),
          delayMs: SUGGESTION_DEBOUNCE_MS,
        }
      : null,
  );
  return latestData(result) ?? null;
}
