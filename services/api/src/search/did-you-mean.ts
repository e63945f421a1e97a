/**
 * "Showing results for …": when the typo retry found the records, the words it matched instead
 * of the typed ones. OpenSearch's term suggester reads them from the same field and with the same
 * reach as the retry's typo matching (`title`, one edit, first letter fixed), and only for words
 * that field does not hold as typed, so the correction names what the retry actually matched.
 */

const SUGGESTION = 'corrected_words';

export function correctionRequest(cleaned: string): Record<string, unknown> {
  return {
    [SUGGESTION]: {
      text: cleaned,
      term: { field: 'title', suggest_mode: 'missing', max_edits: 1, prefix_length: 1, min_word_length: 3, size: 1, sort: 'score' },
    },
  };
}

export interface SuggestAnswer {
  [name: string]: { text: string; offset: number; length: number; options: { text: string }[] }[];
}

/** The cleaned text with each corrected word replaced, or null when no word was corrected. */
export function correctedText(cleaned: string, suggest: SuggestAnswer | undefined): string | null {
  const entries = (suggest?.[SUGGESTION] ?? []).filter((entry) => entry.options.length > 0).sort((a, b) => b.offset - a.offset);
  if (!entries.length) return null;
  let corrected = cleaned;
  for (const entry of entries) corrected = corrected.slice(0, entry.offset) + entry.options[0].text + corrected.slice(entry.offset + entry.length);
  return corrected === cleaned ? null : corrected;
}
