/** Shapes of the search answers the web app reads (see the API's GraphQL shapes). */
export interface TermLabel {
  id?: number | string;
  label: string;
}

/** A piece of text; matched pieces are words the search matched (rendered as text, never markup). */
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

export interface SearchAnswer {
  aggregations: unknown;
  currentPage: number | null;
  perPage: number | null;
  totalCount: number | null;
  totalPages: number | null;
  firstPage: boolean | null;
  /** The words the typo retry matched instead of the typed ones. */
  correctedQuery?: string | null;
  /** "Did you mean": when nothing matched even with typo matching, the query spelt as the catalogue spells it. */
  suggestedQuery?: string | null;
  /** "invalid query" when the API could not understand the search. */
  error?: string | null;
  records: SearchResultRecord[] | null;
}

export const INVALID_QUERY = 'invalid query';
