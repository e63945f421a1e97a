/**
 * Records to suggest while a name is being typed: the record named or abbreviated exactly so,
 * the records whose name or abbreviation starts with the text, then those whose name or abbreviation has words starting with its words (the
 * last one still being typed). Term lookups on the prefixes the mapping indexes
 * (`name.start`, `abbreviation.start`, and the word prefixes of `name`/`abbreviation`), so the
 * cost stays small however large the index.
 */
import { recordVisibilityFilter, type RegistryName, type Viewer } from '@registry/schemas';
import { executeSearch, type SearchBody, type SearchDependencies } from './search-execution.ts';
import { cleanSearchText } from './text-query.ts';

export interface RecordSuggestion {
  id: number;
  name: string;
  abbreviation: string | null;
  registry: RegistryName;
}

const EXACT_BOOST = 100;
const STARTS_WITH_BOOST = 10;
const SUGGESTED_FIELDS = ['id', 'name', 'abbreviation', 'registry'];

export function buildRecordSuggestionsRequest(q: string, viewer: Viewer, size: number): SearchBody | null {
  const typed = q.trim().toLowerCase().replace(/\s+/g, ' ');
  const cleaned = cleanSearchText(q);
  if (!cleaned) return null;
  return {
    size,
    _source: SUGGESTED_FIELDS,
    query: {
      bool: {
        filter: recordVisibilityFilter(viewer),
        should: [
          {
            constant_score: {
              boost: EXACT_BOOST,
              filter: { bool: { should: [{ term: { 'name.keyword': typed } }, { term: { 'abbreviation.keyword': typed } }] } },
            },
          },
          {
            constant_score: {
              boost: STARTS_WITH_BOOST,
              filter: { bool: { should: [{ prefix: { 'name.start': typed } }, { prefix: { 'abbreviation.start': typed } }] } },
            },
          },
          { match_bool_prefix: { name: { query: cleaned, operator: 'and' } } },
          { match_bool_prefix: { abbreviation: { query: cleaned, operator: 'and' } } },
        ],
        minimum_should_match: 1,
      },
    },
    sort: [{ _score: { order: 'desc' } }, { 'name.sort': { order: 'asc' } }, { id: { order: 'asc' } }],
  };
}

export async function suggestRecords(deps: SearchDependencies, q: string, viewer: Viewer, size: number): Promise<RecordSuggestion[]> {
  const body = buildRecordSuggestionsRequest(q, viewer, size);
  if (!body) return [];
  const answer = await executeSearch(deps, body, { request_cache: true });
  return answer.hits.hits.map(({ _source: record }) => ({ id: record.id, name: record.name, abbreviation: record.abbreviation, registry: record.registry }));
}
