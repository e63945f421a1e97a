/** The vocabularies /browse/{id} shows, with the search argument that lists a term's records. */
export interface BrowsableVocabulary {
  id: string;
  title: string;
  /** What its terms are called in labels ("subject terms"). */
  terms: string;
  /** Search argument of its facet (searchFairsharingRecords). */
  searchArgument: 'subjects' | 'domains' | 'taxonomies' | 'userDefinedTags';
  /** Has narrower terms (tree and sunburst) rather than a flat list. */
  isTree: boolean;
  intro: string;
}

export const BROWSABLE_VOCABULARIES: readonly BrowsableVocabulary[] = [
  { id: 'subject', title: 'Subjects', terms: 'subject terms', searchArgument: 'subjects', isTree: true, intro: 'The subject resource application ontology (SRAO): research disciplines.' },
  { id: 'domain', title: 'Domains', terms: 'domain terms', searchArgument: 'domains', isTree: true, intro: 'The domain resource application ontology (DRAO): what the data is about, from below its upper-level (BFO) classes.' },
  { id: 'taxonomy', title: 'Species', terms: 'species', searchArgument: 'taxonomies', isTree: false, intro: 'The species (taxonomic groups) records are about.' },
  { id: 'userdefinedtag', title: 'Keywords', terms: 'keywords', searchArgument: 'userDefinedTags', isTree: false, intro: 'Keywords that curators and contributors added to records.' },
];

export function vocabularyById(id: string): BrowsableVocabulary | undefined {
  return BROWSABLE_VOCABULARIES.find((vocabulary) => vocabulary.id === id.toLowerCase());
}

/**
 * Links to the browser at a term (by its label) of the vocabulary searched by `searchArgument`;
 * undefined when no browsable vocabulary is searched by it.
 */
export function browserLinksOf(searchArgument: string): ((label: string) => string) | undefined {
  const vocabulary = BROWSABLE_VOCABULARIES.find((candidate) => candidate.searchArgument === searchArgument);
  if (!vocabulary) return undefined;
  return (label) => `/browse/${vocabulary.id}?${new URLSearchParams({ term: label }).toString()}`;
}
