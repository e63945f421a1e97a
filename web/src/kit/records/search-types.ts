/** Shapes of the search answers the web app reads (see the API's GraphQL shapes). */
import type {
  SearchAnswerFragment, SearchHighlightFragment, SearchResultFieldsFragment,
} from '@registry/schemas/search/client/search-query.generated.ts';

export interface TermLabel {
  id?: number | string;
  label: string;
}

/** A piece of text; matched pieces are words the search matched (escaped by React or by the Markdown renderer, never taken as markup). */
export interface TextSegment {
  text: string;
  matched: boolean;
}

export interface RecordHighlight {
  name?: TextSegment[] | null;
  abbreviation?: TextSegment[] | null;
  /** One passage of the description around the matched words. */
  description?: TextSegment[] | null;
}

/** One result row; search and advanced search answer the same fields (advanced search fewer). */
export interface SearchResultRecord {
  id: number | string;
  name: string;
  abbreviation?: string | null;
  doi?: string | null;
  registry?: string | null;
  type?: string | null;
  status?: string | null;
  description?: string | null;
  isRecommended?: boolean | null;
  subjects?: TermLabel[] | null;
  domains?: TermLabel[] | null;
  taxonomies?: TermLabel[] | null;
  userDefinedTags?: TermLabel[] | null;
  objectTypes?: TermLabel[] | null;
  highlight?: RecordHighlight | null;
}

/**
 * A search's answer as the search document asks for it: typed by the API's schema, generated from
 * the document's fragments (`npm run codegen`, schemas/src/search/client/search-query.ts).
 */
export type SearchAnswer = SearchAnswerFragment & { records: (SearchResultFieldsFragment & Partial<SearchHighlightFragment>)[] };

export const INVALID_QUERY = 'invalid query';
