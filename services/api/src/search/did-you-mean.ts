/**
 * Two kinds of spelling help, both from OpenSearch's term suggester, asked in the typo retry's
 * request (the retry runs only when the exact terms matched nothing):
 * - "Showing results for …" (`correctedQuery`): when the retry found the records, the words it
 *   matched instead of the typed ones. Read from the same field and with the same reach as the
 *   retry's typo matching (`title`, one edit, first letter fixed), and only for words that field
 *   does not hold as typed, so the correction names what the retry actually matched.
 * - "Did you mean …" (`suggestedQuery`): when even the retry found nothing, the query with the
 *   words no description holds replaced by the nearest words descriptions do hold (two edits,
 *   first letter fixed): descriptions have the widest vocabulary of the catalogue, and most
 *   name their record too.
 */

const CORRECTION = 'corrected_words';
const SPELLING = 'spelling';

export function correctionRequest(cleaned: string): Record<string, unknown> {
  return {
    [CORRECTION]: {
      text: cleaned,
      term: { field: 'title', suggest_mode: 'missing', max_edits: 1, prefix_length: 1, min_word_length: 3, size: 1, sort: 'score' },
    },
    [SPELLING]: {
      text: cleaned,
      term: { field: 'description', suggest_mode: 'missing', max_edits: 2, prefix_length: 1, min_word_length: 3, size: 1, sort: 'score' },
    },
  };
}

export interface SuggestAnswer {
  [name: string]: { text: string; offset: number; length: number; options: { text: string }[] }[];
}

/** The cleaned text with each word one suggester corrected replaced, or null when it corrected none. */
function replacedWords(cleaned: string, entries: SuggestAnswer[string] | undefined): string | null {
  const corrections = (entries ?? []).filter((entry) => entry.options.length > 0).sort((a, b) => b.offset - a.offset);
  if (!corrections.length) return null;
  let corrected = cleaned;
  for (const entry of corrections) corrected = corrected.slice(0, entry.offset) + entry.options[0].text + corrected.slice(entry.offset + entry.length);
  return corrected === cleaned ? null : corrected;
}

/** "Showing results for": the words the retry matched, or null when no word was corrected. */
export function correctedText(cleaned: string, suggest: SuggestAnswer | undefined): string | null {
  return replacedWords(cleaned, suggest?.[CORRECTION]);
}

/** "Did you mean": the nearest words the descriptions hold, or null when none is near. */
export function suggestedText(cleaned: string, suggest: SuggestAnswer | undefined): string | null {
  return replacedWords(cleaned, suggest?.[SPELLING]);
}
