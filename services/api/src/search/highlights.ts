/**
 * Why a result matched: the words of the query highlighted in the name, the abbreviation and a
 * passage of the description (OpenSearch's unified highlighter).
 *
 * Answers are segments of plain text, `{ text, matched }`, never markup: OpenSearch marks the
 * matches with two private-use characters, which are cut out here, so whatever a record's text
 * holds ("<script>", "&amp;", quotes) reaches the client as text for it to escape as it renders
 * any text. A record whose own text holds those characters only gets odd segments, never markup.
 */

const MATCH_START = '\uE000';
const MATCH_END = '\uE001';
const MARKERS = new RegExp(`[${MATCH_START}${MATCH_END}]`);

/** Characters of description around the matched words. */
export const DESCRIPTION_PASSAGE_LENGTH = 240;

export interface TextSegment {
  text: string;
  matched: boolean;
}

export interface RecordHighlight {
  name?: TextSegment[];
  abbreviation?: TextSegment[];
  /** One passage of the description holding matched words. */
  description?: TextSegment[];
}

type HighlightedField = keyof RecordHighlight;
const HIGHLIGHTED_FIELDS: HighlightedField[] = ['name', 'abbreviation', 'description'];

/**
 * The `highlight` part of a search body. The words are matched by their own query (any word,
 * with one-letter typos when typo matching found the records), not by the search query, whose
 * topical and recall clauses would have nothing to show.
 */
export function highlightRequest(cleaned: string, typos: boolean): Record<string, unknown> {
  const typoMatching = typos ? { fuzziness: 'AUTO:3,1000', prefix_length: 1 } : {};
  return {
    pre_tags: [MATCH_START],
    post_tags: [MATCH_END],
    type: 'unified',
    highlight_query: {
      bool: {
        should: HIGHLIGHTED_FIELDS.map((field) => ({ match: { [field]: { query: cleaned, ...typoMatching } } })),
      },
    },
    fields: {
      name: { number_of_fragments: 0 },
      abbreviation: { number_of_fragments: 0 },
      description: { fragment_size: DESCRIPTION_PASSAGE_LENGTH, number_of_fragments: 1 },
    },
  };
}

export function textSegments(marked: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let matched = false;
  for (const part of marked.split(MARKERS)) {
    if (part !== '') segments.push({ text: part, matched });
    matched = !matched;
  }
  return segments;
}

/** The highlight of one hit, or undefined when nothing matched in these fields. */
export function readHighlight(highlight: Record<string, string[]> | undefined): RecordHighlight | undefined {
  if (!highlight) return undefined;
  const read: RecordHighlight = {};
  for (const field of HIGHLIGHTED_FIELDS) {
    const [first] = highlight[field] ?? [];
    if (first !== undefined) read[field] = textSegments(first);
  }
  return Object.keys(read).length ? read : undefined;
}
